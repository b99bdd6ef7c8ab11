/**
 * The pre-chat form's own words (its labels, the required marker and the field errors are
 * the offline form's: FormStrings). In its lazily loaded chunk, not the chat's.
 */
export interface PreChatStrings {
  /** Above the fields. */
  intro: string
  /** The consent checkbox's label when the site wrote none. */
  consent: string
  /** The link beside the checkbox to the site's page (its privacy policy). */
  policy: string
  /** The submit button: the message box follows. */
  start: string
  /** The inline error while the consent box is not ticked. */
  consentNeeded: string
}

/** English; another language's come with its file (widget/i18n/languages/). */
export const EN_PRE_CHAT_STRINGS: PreChatStrings = {
  intro: 'Before we start, tell us how to reach you.',
  consent: 'I agree that my details and this conversation are kept to answer me.',
  policy: 'Privacy policy',
  start: 'Start the chat',
  consentNeeded: 'Please tick the box to agree before the chat starts.',
}
