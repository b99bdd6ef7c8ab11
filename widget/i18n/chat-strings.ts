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

/** English (languages/en.json), in the chat chunk; the other languages are chunks of their own. */
export const EN_CHAT_STRINGS: ChatStrings = { ...EN.chat, duration: clock }

/** The visitor's strings: English here, another language's from its file (translations.ts). */
export function chatStrings(lang: Language): ChatStrings {
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
