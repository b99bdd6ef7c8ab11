import type { Language } from '../../shared/widget-api'

export interface LoaderStrings {
  openChat: string
  closeChat: string
  online: string
  offline: string
  unread: (count: number) => string
}

export const LOADER_STRINGS: Record<Language, LoaderStrings> = {
  en: {
    openChat: 'Open chat',
    closeChat: 'Close chat',
    online: 'We are online',
    offline: 'Leave a message',
    unread: (count) => `Unread messages: ${count}`,
  },
  ru: {
    openChat: 'Открыть чат',
    closeChat: 'Закрыть чат',
    online: 'Мы на связи',
    offline: 'Оставьте сообщение',
    unread: (count) => `Непрочитанных сообщений: ${count}`,
  },
}
