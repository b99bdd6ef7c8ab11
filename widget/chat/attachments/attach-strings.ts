/** The attachment tray's texts (the attach button's label is in chat-strings.ts). */
export interface AttachStrings {
  tray: string
  remove: (name: string) => string
  cancel: (name: string) => string
  uploading: (name: string) => string
  /** `limit`: "10 MB". */
  tooLarge: (limit: string) => string
  /** `types`: "PNG, JPEG, PDF". */
  notAllowed: (types: string) => string
  empty: string
  badImage: string
  failed: string
  retry: string
}

/** English; another language's come with its file (widget/i18n/languages/). */
export const EN_ATTACH_STRINGS: AttachStrings = {
  tray: 'Files to send',
  remove: (name) => `Remove ${name}`,
  cancel: (name) => `Cancel sending ${name}`,
  uploading: (name) => `Uploading ${name}`,
  tooLarge: (limit) => `Too large: the limit is ${limit}`,
  notAllowed: (types) => `Type not allowed: send ${types}`,
  empty: 'The file is empty',
  badImage: 'This image cannot be read or is too big',
  failed: 'Upload failed',
  retry: 'Retry',
}
