/** The attachment tray's texts (the attach button's label is in chat-strings.ts). */
export interface AttachStrings {
  tray: string
  remove: (name: string) => string
  cancel: (name: string) => string
  uploading: (name: string) => string
  /** `size`: the file's, `limit`: the site's ("12 MB", "10 MB"). */
  tooLarge: (size: string, limit: string) => string
  notAllowed: string
  /** Once under the files refused for their type; `types`: "PNG, JPEG, PDF". */
  accepted: (types: string) => string
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
  tooLarge: (size, limit) => `Too big: ${size}, the limit is ${limit}`,
  notAllowed: 'This type is not accepted',
  accepted: (types) => `Accepted files: ${types}`,
  empty: 'The file is empty',
  badImage: 'This image cannot be read or is too big',
  failed: 'Upload failed',
  retry: 'Retry',
}
