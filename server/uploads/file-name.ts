import { maskFreeField } from '../../shared/privacy/contact-fields'

// A customer's file name is shown to agents and put in URLs and headers: it keeps the
// customer's words but loses what could mislead or break something.

/** Longest kept name, in characters (the extension is kept whole). */
export const MAX_FILE_NAME = 120

// C0/C1 controls, bidi embeddings/overrides/isolates (U+202E makes "cute-cat<U+202E>gnp.exe" read "cute-catexe.png"), zero-width
// and other invisible format characters, and the replacement character.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffd]/gu
// Separators of paths on any system, and characters Windows refuses in names.
const SEPARATORS = /[/\\:*?"<>|]/g

/**
 * The name to store and show: the last path segment, unsafe characters dropped,
 * separators replaced by `_`, spaces collapsed, no leading dots, card numbers and IBANs
 * masked, at most MAX_FILE_NAME
 * characters with the extension kept. Empty when nothing usable is left.
 *
 * @example sanitizeFileName('C:\\Users\\me\\cute-cat\u202egnp.exe') // 'cute-catgnp.exe'
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).at(-1) ?? ''
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(SEPARATORS, '_')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '')
  // A card number or IBAN in the name (a scan saved as the number) is hidden as in messages.
  return truncateName(maskFreeField(cleaned))
}

function truncateName(name: string): string {
  const chars = [...name]
  if (chars.length <= MAX_FILE_NAME) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? [...name.slice(dot)] : []
  if (extension.length > 16) return chars.slice(0, MAX_FILE_NAME).join('').trim()
  const stem = [...name.slice(0, dot)].slice(0, MAX_FILE_NAME - extension.length)
  return `${stem.join('').trim()}${extension.join('')}`
}
