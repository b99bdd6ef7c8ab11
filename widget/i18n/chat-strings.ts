import type { Language } from '../../shared/widget-api'
import type { ChatStrings } from './translation'
import { loadTranslation } from './translations'

// The chat's strings' shape lives with the translation's (translation.ts), which the
// language files import: so this file, which loads them, is not imported back.
export type { ChatStrings } from './translation'

/** "1:05": a duration. */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

/** English, in the chat chunk; the other languages are chunks of their own. */
export const EN_CHAT_STRINGS: ChatStrings = {
  close: 'Close chat',
  online: 'Online',
  offline: 'Offline',
  connecting: 'Connecting…',
  noNetwork: 'Offline — messages will be sent when you are back',
  ended: 'This conversation has ended',
  messages: 'Messages',
  placeholder: 'Type a message…',
  messageLabel: 'Message',
  send: 'Send',
  attach: 'Attach a file',
  counter: (length, max, parts) =>
    parts > 1 ? `${length} characters: will be sent as ${parts} messages` : `${length}/${max}`,
  sending: 'Sending…',
  delayed: 'Delayed — will be sent',
  sendNow: 'Send now',
  sent: 'Sent',
  failed: 'Not sent',
  retry: 'Retry',
  loadEarlier: 'Load earlier messages',
  earlierFailed: 'Could not load.',
  typing: (name) => `${name ?? 'Agent'} is typing…`,
  offlineIntro:
    'We are away right now. Leave a message and your contact details and we will get back to you.',
  download: 'Download',
  openMap: 'Open map',
  location: 'Location',
  mute: 'Mute',
  emoji: 'Emoji',
  help: 'Help',
  newMessageTitle: (count) => `(${count}) New message`,
  masked: 'A card or account number was hidden for your safety',
  duration: clock,
}

/** The visitor's strings: English here, another language's from its file (translations.ts). */
export async function chatStrings(lang: Language): Promise<ChatStrings> {
  const translation = await loadTranslation(lang)
  return translation ? { ...translation.chat, duration: clock } : EN_CHAT_STRINGS
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte']

/** "1.2 MB": a file size people read, in the visitor's language (Intl's units). */
export function formatBytes(bytes: number, lang: Language): string {
  let size = bytes
  let unit = 0
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024
    unit++
  }
  const rounded = unit === 0 || size >= 10 ? Math.round(size) : Math.round(size * 10) / 10
  return rounded.toLocaleString(lang, { style: 'unit', unit: UNITS[unit] })
}
