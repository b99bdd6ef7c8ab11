import { EN } from '../../i18n/english'
import type { ResumeNotes } from '../../i18n/translation'

/**
 * The resume link's notes and prompt in English (widget/i18n/languages/en.json; the other
 * languages' come with their files): `ask` before a link replaces a conversation this device
 * already has, `used` when the link was exchanged on another device already (links work
 * once), `signedIn` for a guest's link on a device signed in as a user, `signedOut` over the
 * new conversation of a device signed out everywhere.
 */
export const EN_RESUME_NOTES: ResumeNotes = EN.resume
