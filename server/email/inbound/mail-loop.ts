// Mail that no person wrote must never reach the agents: an auto-reply answering our
// e-mail would answer the next one too, and a bounce is the mail system talking.

/** Header values by lower-case name, unfolded, in order (a header may repeat). */
export type MailHeaders = ReadonlyMap<string, readonly string[]>

export const LOOP_REASONS = [
  'auto_submitted',
  'auto_reply',
  'precedence',
  'bounce',
  'from_reply_domain',
] as const
export type LoopReason = (typeof LOOP_REASONS)[number]

const BULK_PRECEDENCE = new Set(['bulk', 'auto_reply', 'list', 'junk'])

/**
 * Why this message is machine-made (an auto-reply, a list, a bounce, our own mail
 * coming back), or undefined for a person's reply. RFC 3834 `Auto-Submitted` other
 * than `no`; `X-Autoreply`/`X-Autorespond`; `Precedence: bulk|auto_reply|list|junk`;
 * a null return path (`Return-Path: <>`), a `multipart/report` or a MAILER-DAEMON
 * sender (bounces); a sender at the reply domain itself.
 *
 * @example detectLoop(readHeaders(raw), { replyDomain: 'reply.example.com' }) // 'auto_submitted'
 */
export function detectLoop(
  headers: MailHeaders,
  options: { replyDomain: string },
): LoopReason | undefined {
  const all = (name: string) => headers.get(name) ?? []
  const first = (value: string) => value.split(';')[0]?.trim().toLowerCase() ?? ''
  if (all('auto-submitted').some((value) => first(value) !== 'no')) return 'auto_submitted'
  if (all('x-autoreply').length > 0 || all('x-autorespond').length > 0) return 'auto_reply'
  if (all('precedence').some((value) => BULK_PRECEDENCE.has(first(value)))) return 'precedence'
  if (all('return-path').some((value) => /^<?\s*>?$/.test(value.trim()))) return 'bounce'
  if (all('content-type').some((value) => first(value) === 'multipart/report')) return 'bounce'
  const from = all('from').join(',').toLowerCase()
  if (/\bmailer-daemon\b/.test(from)) return 'bounce'
  const domain = options.replyDomain.toLowerCase()
  if (addressesIn(from).some((address) => address.endsWith(`@${domain}`))) {
    return 'from_reply_domain'
  }
  return undefined
}

/** The longest part of one header value searched for addresses. */
export const MAX_ADDRESS_HEADER_CHARS = 16 * 1024

/** Punctuation that cannot be in a bare address as written in a header. */
const PUNCTUATION = new Set([...'<>,;:"()'])

/**
 * The bare addresses in a header value ("Anna <a@b.example>, c@d.example"), lower
 * case, from its first MAX_ADDRESS_HEADER_CHARS characters: one pass that splits at
 * blanks and punctuation and keeps the pieces with an `@` inside, so a long header
 * costs time in proportion to its length.
 */
export function addressesIn(value: string): string[] {
  const addresses: string[] = []
  const end = Math.min(value.length, MAX_ADDRESS_HEADER_CHARS)
  let start = 0
  // The first `@` of the piece after its first character, or -1.
  let at = -1
  for (let i = 0; i <= end; i++) {
    const char = value[i] ?? ''
    if (i < end && !isSeparator(char)) {
      if (char === '@' && at < 0 && i > start) at = i
      continue
    }
    if (at >= 0 && at < i - 1) addresses.push(value.slice(start, i).toLowerCase())
    start = i + 1
    at = -1
  }
  return addresses
}

function isSeparator(char: string): boolean {
  const code = char.charCodeAt(0)
  if (code <= 0x20) return true
  if (code < 0x7f) return PUNCTUATION.has(char)
  return /\s/.test(char)
}
