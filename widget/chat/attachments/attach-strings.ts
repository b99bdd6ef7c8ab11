import type { Language } from '../../../shared/widget-api'

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

export const ATTACH_STRINGS: Record<Language, AttachStrings> = {
  en: {
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
  },
  ru: {
    tray: 'Файлы к отправке',
    remove: (name) => `Убрать ${name}`,
    cancel: (name) => `Отменить отправку ${name}`,
    uploading: (name) => `Загрузка ${name}`,
    tooLarge: (limit) => `Слишком большой: предел ${limit}`,
    notAllowed: (types) => `Такой тип нельзя: можно ${types}`,
    empty: 'Файл пустой',
    badImage: 'Изображение не читается или слишком велико',
    failed: 'Не загрузилось',
    retry: 'Повторить',
  },
}
