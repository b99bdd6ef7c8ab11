import type { ResumeNotes } from '../../i18n/translation'

/** The resume link's notes and prompt in English (other languages: widget/i18n/languages/). */
export const EN_RESUME_NOTES: ResumeNotes = {
  expired: 'This link has expired — here is a new conversation',
  kept: 'This link has expired',
  identify: 'Sign in on this site to continue that conversation',
  ask: 'Continue the conversation from your e-mail? This replaces the conversation on this device.',
  yes: 'Yes, continue it',
  keep: 'Keep this one',
  used: 'This link was already used — the next e-mail brings a new one',
  signedIn: 'You are signed in, so this link does not open that conversation here',
  signedOut: 'You were signed out of this conversation on another device — here is a new one',
}
