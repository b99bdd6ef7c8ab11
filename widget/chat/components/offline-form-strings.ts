/** The offline form's own words: in its lazily loaded chunk, not the chat's. */
export interface FormStrings {
  name: string
  email: string
  phone: string
  contactNeeded: string
  /** The inline error for a malformed field. */
  invalid: { email: string; phone: string }
  /** Before the labels of required fields left empty. */
  missing: string
  leaveMessage: string
  /** What the visible marker of a required field means. */
  required: string
  /** Beside the e-mail and the phone when either one is enough (neither required alone). */
  eitherContact: string
}

/** English; another language's come with its file (widget/i18n/languages/). */
export const EN_FORM_STRINGS: FormStrings = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  contactNeeded: 'Please give an email or a phone number so we can answer you.',
  invalid: {
    email: 'Please check the email address (like name@example.com).',
    phone: 'Please check the phone number: digits, spaces, +, -, ( and ).',
  },
  missing: 'Please fill in: ',
  leaveMessage: 'Send message',
  required: '* required',
  eitherContact: 'Email or phone: one is enough',
}
