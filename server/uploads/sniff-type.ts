// What a file really is, from its bytes: the names and the declared type are the
// sender's claims, this is the evidence. Exactly the kinds Porthole accepts, plus the
// executables it names in its refusal.

/** What the content is. `text`: valid UTF-8 without NUL or other binary control bytes. */
export type ContentKind =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'pdf'
  | 'text'
  | 'zip'
  | 'docx'
  | 'xlsx'
  | 'odt'
  | 'executable'
  | 'unknown'

/** How many leading bytes sniffing needs (an odt's `mimetype` entry is within them). */
export const SNIFF_BYTES = 4096

export type SniffInput = {
  /** The file's first bytes (up to SNIFF_BYTES). */
  head: Uint8Array
  /** The whole content is text (see TextCheck). */
  text: boolean
  /** For a zip: the names in its central directory (undefined when unreadable). */
  zipEntries?: readonly string[] | undefined
}

const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text'

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, i) => head[at + i] === byte)
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0))
}

/** True when the bytes start a zip archive (a local file header, or an empty archive). */
export function isZipHead(head: Uint8Array): boolean {
  return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])
}

function isExecutable(head: Uint8Array): boolean {
  return (
    startsWith(head, ascii('MZ')) || // Windows PE (.exe, .dll)
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || // Mach-O 64
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) || // Mach-O 32
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O universal, Java class
    startsWith(head, ascii('#!')) // a script with an interpreter line
  )
}

// OpenDocument puts an uncompressed `mimetype` entry first (ODF 1.2, section 3.3).
function odtMimetype(head: Uint8Array): boolean {
  if (!startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return false
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  if (head.byteLength < 30) return false
  const method = view.getUint16(8, true)
  const size = view.getUint32(18, true)
  const nameLength = view.getUint16(26, true)
  const extraLength = view.getUint16(28, true)
  const name = new TextDecoder().decode(head.subarray(30, 30 + nameLength))
  if (method !== 0 || name !== 'mimetype') return false
  const start = 30 + nameLength + extraLength
  const content = new TextDecoder().decode(head.subarray(start, start + size))
  return content === ODT_MIMETYPE
}

function zipKind(head: Uint8Array, entries: readonly string[] | undefined): ContentKind {
  if (odtMimetype(head)) return 'odt'
  if (!entries?.includes('[Content_Types].xml')) return 'zip'
  if (entries.some((entry) => entry.startsWith('word/'))) return 'docx'
  if (entries.some((entry) => entry.startsWith('xl/'))) return 'xlsx'
  return 'zip'
}

/**
 * The kind of a file's content, from its magic bytes (and, for zip containers, its
 * entries). Text is the fallback of content without a signature.
 *
 * @example sniffType({ head, text: false }) // 'png'
 */
export function sniffType(input: SniffInput): ContentKind {
  const { head } = input
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif'
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(head, ascii('%PDF-'))) return 'pdf'
  if (isZipHead(head)) return zipKind(head, input.zipEntries)
  if (isExecutable(head)) return 'executable'
  if (input.text) return 'text'
  return 'unknown'
}
