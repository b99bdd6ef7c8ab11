/** The home screen's own words: in its lazily loaded chunk, not the chat's. */
export interface HomeStrings {
  /** The button that starts a conversation (it moves the focus to the message box). */
  start: string
  /** Above the card of the conversation that ended, which opens it. */
  last: string
  /** Someone can answer now. */
  onlineNow: string
}

/** English; another language's come with its file (widget/i18n/languages/). */
export const EN_HOME_STRINGS: HomeStrings = {
  start: 'Send us a message',
  last: 'Your last conversation',
  onlineNow: 'Online now',
}
