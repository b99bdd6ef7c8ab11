import type { Language } from '../../shared/widget-api'
import { EN } from './english'
import type { ChatStrings } from './translation'
import { translated } from './translations'

// The chat's strings' shape lives with the translation's (translation.ts), which the
// language files import: so this file, which loads them, is not imported back.
export type { ChatStrings } from './translation'

/** "1:05": a duration. */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The chat's strings only the conversation's list shows (delivery, typing, earlier pages, a
 * media card, the end): their English comes with the list's chunk (chat/components/list-strings.ts).
 */
export type ListKey =
  | 'delayed'
  | 'sendNow'
  | 'sent'
  | 'failed'
  | 'retry'
  | 'loadEarlier'
  | 'earlierFailed'
  | 'typing'
  | 'download'
  | 'openMap'
  | 'location'
  | 'ended'

/** The window's strings: the list's are there in another language only (its file has all). */
export type WindowStrings = Omit<ChatStrings, ListKey> & Partial<Pick<ChatStrings, ListKey>>

/** English (languages/en.json) the first frame draws, in the chat chunk; the other languages are files of their own. */
export const EN_CHAT_STRINGS: WindowStrings = {
  close: EN.chat.close,
  online: EN.chat.online,
  offline: EN.chat.offline,
  connecting: EN.chat.connecting,
  noNetwork: EN.chat.noNetwork,
  messages: EN.chat.messages,
  placeholder: EN.chat.placeholder,
  messageLabel: EN.chat.messageLabel,
  send: EN.chat.send,
  attach: EN.chat.attach,
  counter: EN.chat.counter,
  sending: EN.chat.sending,
  offlineIntro: EN.chat.offlineIntro,
  mute: EN.chat.mute,
  emoji: EN.chat.emoji,
  help: EN.chat.help,
  menu: EN.chat.menu,
  newMessageTitle: EN.chat.newMessageTitle,
  duration: clock,
}

/** The visitor's strings: English here, another language's from its file (translations.ts). */
export function chatStrings(lang: Language): WindowStrings {
  const translation = translated(lang)
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
