import type { MailHeaders } from './mail-loop'

// The header block of a raw message, read without parsing the body: everything the
// route decides before it spends anything on the body (whose reply address this is,
// whether a person wrote it) is in the headers, so an e-mail addressed to nobody of
// ours costs one linear pass over at most MAX_HEADER_BYTES.

/**
 * The largest header block read. Real replies carry a few KiB (a long Received chain
 * and DKIM signatures stay well under 64 KiB); a larger block is refused unread.
 */
export const MAX_HEADER_BYTES = 256 * 1024

const LF = 0x0a
const CR = 0x0d

/**
 * The headers of a raw RFC 822 message by lower-case name (continuation lines joined
 * with one space, values trimmed, repeats in order), read up to the first empty line
 * (the whole message when it has none). Undefined when the block is longer than
 * `maxBytes`. Bytes are read as Latin-1: addresses and the header names and keywords
 * used here are ASCII, and no byte is lost.
 *
 * @example readHeaders(Buffer.from('To: a@b.example\r\n\r\nHi')) // Map { 'to' => ['a@b.example'] }
 */
export function readHeaders(raw: Uint8Array, maxBytes = MAX_HEADER_BYTES): MailHeaders | undefined {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
  const end = headerEnd(bytes, maxBytes)
  if (end === undefined) return undefined
  const headers = new Map<string, string[]>()
  let name: string | undefined
  let value = ''
  const flush = () => {
    if (name === undefined) return
    const values = headers.get(name)
    if (values) values.push(value.trim())
    else headers.set(name, [value.trim()])
  }
  for (const line of bytes.toString('latin1', 0, end).split('\n')) {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line
    if (text.startsWith(' ') || text.startsWith('\t')) {
      // A folded line: its leading blanks become one space.
      if (name !== undefined) value = `${value} ${skipBlanks(text)}`
      continue
    }
    flush()
    const colon = text.indexOf(':')
    name = colon > 0 ? text.slice(0, colon).trim().toLowerCase() : undefined
    value = colon > 0 ? text.slice(colon + 1) : ''
  }
  flush()
  return headers
}

/** The Message-ID without its angle brackets (the last one given), or undefined. */
export function messageIdOf(headers: MailHeaders): string | undefined {
  const value = headers.get('message-id')?.at(-1)?.trim() ?? ''
  const start = value.startsWith('<') ? 1 : 0
  const end = value.endsWith('>') ? value.length - 1 : value.length
  return value.slice(start, Math.max(start, end)) || undefined
}

/** Where the header block ends (the index of its last line's end), or undefined past `maxBytes`. */
function headerEnd(bytes: Buffer, maxBytes: number): number | undefined {
  let from = 0
  for (;;) {
    const lf = bytes.indexOf(LF, from)
    if (lf < 0) return bytes.length <= maxBytes ? bytes.length : undefined
    if (lf > maxBytes) return undefined
    // A message that starts with its empty line has no headers.
    if (lf === 0 || (lf === 1 && bytes[0] === CR)) return 0
    // An empty line: LF LF or LF CR LF.
    if (bytes[lf + 1] === LF || (bytes[lf + 1] === CR && bytes[lf + 2] === LF)) return lf
    from = lf + 1
  }
}

function skipBlanks(text: string): string {
  let i = 0
  while (text[i] === ' ' || text[i] === '\t') i++
  return text.slice(i)
}
