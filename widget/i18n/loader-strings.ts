export interface LoaderStrings {
  openChat: string
  closeChat: string
  online: string
  offline: string
  unread: (count: number) => string
  /** The invitation bubble's close button (English: in the invitation's chunk). */
  dismiss?: string
}

/** English, in the loader; another language's come with its file (widget/i18n/languages/). */
export const EN_LOADER_STRINGS: LoaderStrings = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  online: 'We are online',
  offline: 'Leave a message',
  unread: (count) => `Unread messages: ${count}`,
}
