import { createHmac, timingSafeEqual } from 'node:crypto'

// A reply address names one visitor's conversation and proves that Porthole made it:
// `reply+<visitor id in base32>-<MAC>@<EMAIL_REPLY_DOMAIN>`. Base32 (lower case, no
// padding) because mail systems may change the case of a local part; the MAC is 80
// bits of HMAC-SHA256 under a key derived from the secret, so nobody can write into
// another visitor's conversation by editing the address.

const PREFIX = 'reply+'
const MAC_BYTES = 10
const KEY_LABEL = 'porthole:email-reply-address:v1'
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
const TOKEN = /^([a-z2-7]+)-([a-z2-7]{16})$/
/** RFC 5321's limit for a local part; longer ones are made, but some servers refuse them. */
export const MAX_LOCAL_PART = 64

export type ReplyAddressCheck =
  | { ok: true; visitorId: string }
  /**
   * `not_reply_address`: not `reply+…@<our domain>` (another recipient of the mail);
   * `malformed`: ours, but not a token we make; `bad_signature`: edited or forged.
   */
  | { ok: false; reason: 'not_reply_address' | 'malformed' | 'bad_signature' }

export type ReplyAddresses = {
  /** The Reply-To address of e-mails about `visitorId`'s conversation. */
  createReplyAddress(visitorId: string): string
  /** Whether `address` is one of ours and untouched, and whose conversation it names. */
  verifyReplyAddress(address: string): ReplyAddressCheck
  readonly domain: string
}

/**
 * Signs and checks reply addresses. `secret` is SESSION_SECRET (a key for this use
 * alone is derived from it), `domain` is EMAIL_REPLY_DOMAIN.
 *
 * @example const { createReplyAddress } = createReplyAddresses({ secret, domain: 'reply.northwind.example' })
 * createReplyAddress('V1StGXR8_Z5jdHi6B-myT') // 'reply+kyyvg…-…@reply.northwind.example'
 */
export function createReplyAddresses(options: { secret: string; domain: string }): ReplyAddresses {
  const domain = options.domain.trim().toLowerCase()
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(domain)) {
    throw new TypeError(
      `createReplyAddresses: "${options.domain}" is not a domain name (e.g. reply.example.com)`,
    )
  }
  if (options.secret.length < 16) {
    throw new TypeError('createReplyAddresses: the secret must be at least 16 characters long')
  }
  const key = createHmac('sha256', options.secret).update(KEY_LABEL).digest()
  const mac = (visitorId: string) =>
    createHmac('sha256', key).update(visitorId, 'utf8').digest().subarray(0, MAC_BYTES)

  return {
    domain,
    createReplyAddress(visitorId) {
      if (visitorId === '') throw new TypeError('createReplyAddress: the visitor id is empty')
      const id = base32(Buffer.from(visitorId, 'utf8'))
      return `${PREFIX}${id}-${base32(mac(visitorId))}@${domain}`
    },
    verifyReplyAddress(address) {
      const at = address.lastIndexOf('@')
      const local = address.slice(0, at).trim().toLowerCase()
      const host = address
        .slice(at + 1)
        .trim()
        .toLowerCase()
      if (at < 0 || host !== domain || !local.startsWith(PREFIX)) {
        return { ok: false, reason: 'not_reply_address' }
      }
      const token = TOKEN.exec(local.slice(PREFIX.length))
      const idPart = token?.[1]
      const macPart = token?.[2]
      if (idPart === undefined || macPart === undefined) return { ok: false, reason: 'malformed' }
      const idBytes = fromBase32(idPart)
      const given = fromBase32(macPart)
      if (!idBytes || !given || given.length !== MAC_BYTES) {
        return { ok: false, reason: 'malformed' }
      }
      const visitorId = new TextDecoder('utf-8', { fatal: false }).decode(idBytes)
      // The id must re-encode to the same text: no second spelling of one address.
      if (visitorId === '' || base32(Buffer.from(visitorId, 'utf8')) !== idPart) {
        return { ok: false, reason: 'malformed' }
      }
      if (!timingSafeEqual(mac(visitorId), given)) return { ok: false, reason: 'bad_signature' }
      return { ok: true, visitorId }
    },
  }
}

/** RFC 4648 base32, lower case, without padding. */
export function base32(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** The bytes of unpadded lower-case base32; undefined for a character outside it or stray bits. */
export function fromBase32(text: string): Uint8Array | undefined {
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of text) {
    const value = ALPHABET.indexOf(char)
    if (value < 0) return undefined
    buffer = (buffer << 5) | value
    bits += 5
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255)
      bits -= 8
    }
    buffer &= (1 << bits) - 1
  }
  // Leftover bits must be zero padding of the last byte, never a whole extra character.
  if (bits >= 5 || buffer !== 0) return undefined
  return Uint8Array.from(out)
}

/**
 * The `replyTo` the mailer takes: the visitor's signed reply address when replies by
 * e-mail are on (EMAIL_REPLY_DOMAIN with INBOUND_EMAIL_SECRET), else undefined (the
 * e-mail then has no Reply-To of ours).
 *
 * @example const replyTo = replyToOf(config) // pass to the mailer: replyTo?.(visitorId)
 */
export function replyToOf(config: {
  sessionSecret: string
  inboundEmail: { replyDomain: string } | undefined
}): ((visitorId: string) => string) | undefined {
  if (!config.inboundEmail) return undefined
  return createReplyAddresses({
    secret: config.sessionSecret,
    domain: config.inboundEmail.replyDomain,
  }).createReplyAddress
}
