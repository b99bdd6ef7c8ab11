import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The pre-chat form's own words (its labels, the required marker and the field errors are
 * the offline form's: FormStrings): `intro` above the fields, `consent` the checkbox's label
 * when the site wrote none, `policy` the link beside it to the site's page, `start` the submit
 * button (the message box follows), `consentNeeded` the error while the box is not ticked.
 * In its lazily loaded chunk, not the chat's.
 */
export type PreChatStrings = Translation['preChat']

/** English (widget/i18n/languages/en.json), built into this chunk; another language's come with its file. */
export const EN_PRE_CHAT_STRINGS: PreChatStrings = EN.preChat
