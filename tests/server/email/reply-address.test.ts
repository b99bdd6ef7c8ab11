import { describe, expect, it } from 'vitest'
import {
  base32,
  createReplyAddresses,
  fromBase32,
  MAX_LOCAL_PART,
  replyToOf,
} from '../../../server/email/reply-address'

const SECRET = 'session-secret-0123456789abcdef0123456789'
const DOMAIN = 'reply.northwind.example'
const GUEST = 'V1StGXR8_Z5jdHi6B-myT'

const addresses = createReplyAddresses({ secret: SECRET, domain: DOMAIN })

/** The address with one character of its local part changed to another base32 one. */
function flip(address: string, index: number): string {
  const char = address[index]
  const other = char === 'a' ? 'b' : 'a'
  return address.slice(0, index) + other + address.slice(index + 1)
}

describe('base32', () => {
  it('encodes as RFC 4648 (lower case, no padding) and decodes back', () => {
    // RFC 4648 section 10 test vectors.
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ]
    for (const [plain, encoded] of vectors) {
      expect(base32(Buffer.from(plain))).toBe(encoded)
      expect(Buffer.from(fromBase32(encoded) ?? []).toString()).toBe(plain)
    }
  })

  it('refuses characters outside the alphabet and stray trailing bits', () => {
    expect(fromBase32('mzxw1')).toBeUndefined()
    expect(fromBase32('mzxw6z')).toBeUndefined() // 30 bits: 3 bytes and 6 bits that are not padding
    expect(fromBase32('mz')).toBeUndefined() // 'f' is 'my': the 2 padding bits of 'z' are set
  })
})

describe('createReplyAddress', () => {
  it('makes reply+<token>@<domain> within 64 characters of local part for a guest', () => {
    const address = addresses.createReplyAddress(GUEST)
    expect(address).toMatch(/^reply\+[a-z2-7]+-[a-z2-7]{16}@reply\.northwind\.example$/)
    expect(address.split('@')[0]?.length).toBeLessThanOrEqual(MAX_LOCAL_PART)
  })

  it('stays within 64 characters before the @ for a user id of up to 20 bytes (as the docs say)', () => {
    const local = (id: string) => addresses.createReplyAddress(id).split('@')[0]?.length ?? 0
    expect(local(`user:${'x'.repeat(20)}`)).toBeLessThanOrEqual(MAX_LOCAL_PART)
    expect(local(`user:${'x'.repeat(21)}`)).toBeGreaterThan(MAX_LOCAL_PART)
  })

  it('is stable for one visitor and differs between visitors and secrets', () => {
    expect(addresses.createReplyAddress(GUEST)).toBe(addresses.createReplyAddress(GUEST))
    expect(addresses.createReplyAddress(GUEST)).not.toBe(
      addresses.createReplyAddress('other-visitor'),
    )
    const other = createReplyAddresses({ secret: `${SECRET}x`, domain: DOMAIN })
    expect(other.createReplyAddress(GUEST)).not.toBe(addresses.createReplyAddress(GUEST))
  })

  it('refuses a bad domain, a short secret and an empty visitor id with a clear error', () => {
    expect(() => createReplyAddresses({ secret: SECRET, domain: 'not a domain' })).toThrow(
      /not a domain name/,
    )
    expect(() => createReplyAddresses({ secret: 'short', domain: DOMAIN })).toThrow(/16 characters/)
    expect(() => addresses.createReplyAddress('')).toThrow(/empty/)
  })
})

describe('verifyReplyAddress', () => {
  it.each([GUEST, 'user:42', 'user:élodie@example.com', 'a'])('round-trips %s', (visitorId) => {
    const address = addresses.createReplyAddress(visitorId)
    expect(addresses.verifyReplyAddress(address)).toEqual({ ok: true, visitorId })
  })

  it('accepts the address whatever case a mail system gave it', () => {
    const address = addresses.createReplyAddress(GUEST)
    expect(addresses.verifyReplyAddress(address.toUpperCase())).toEqual({
      ok: true,
      visitorId: GUEST,
    })
  })

  it('refuses every single-character change of the token as tampered or malformed', () => {
    const address = addresses.createReplyAddress(GUEST)
    const local = address.split('@')[0] ?? ''
    for (let i = 'reply+'.length; i < local.length; i++) {
      if (local[i] === '-') continue
      const check = addresses.verifyReplyAddress(flip(address, i))
      expect(check.ok, `changed at ${i}`).toBe(false)
    }
  })

  it('names the tampering: another visitor id under the first one’s MAC is a bad signature', () => {
    const [, mine] = /^reply\+([a-z2-7]+)-/.exec(addresses.createReplyAddress(GUEST)) ?? []
    const [, theirMac] =
      /-([a-z2-7]{16})@/.exec(addresses.createReplyAddress('victim-visitor-id')) ?? []
    expect(addresses.verifyReplyAddress(`reply+${mine}-${theirMac}@${DOMAIN}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  })

  it('tells another recipient from a broken token', () => {
    const address = addresses.createReplyAddress(GUEST)
    expect(addresses.verifyReplyAddress('anna@northwind.example')).toEqual({
      ok: false,
      reason: 'not_reply_address',
    })
    expect(addresses.verifyReplyAddress(address.replace(DOMAIN, 'evil.example'))).toEqual({
      ok: false,
      reason: 'not_reply_address',
    })
    expect(addresses.verifyReplyAddress(`reply+nothing@${DOMAIN}`)).toEqual({
      ok: false,
      reason: 'malformed',
    })
    expect(addresses.verifyReplyAddress('no-at-sign')).toEqual({
      ok: false,
      reason: 'not_reply_address',
    })
  })

  it('refuses an address signed with another secret', () => {
    const other = createReplyAddresses({ secret: `${SECRET}x`, domain: DOMAIN })
    expect(addresses.verifyReplyAddress(other.createReplyAddress(GUEST))).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  })
})

describe('replyToOf (the mailer’s replyTo)', () => {
  it('gives the address the inbound route verifies, and nothing when replies by e-mail are off', () => {
    const replyTo = replyToOf({ sessionSecret: SECRET, inboundEmail: { replyDomain: DOMAIN } })
    expect(replyTo?.(GUEST)).toBe(addresses.createReplyAddress(GUEST))
    expect(replyToOf({ sessionSecret: SECRET, inboundEmail: undefined })).toBeUndefined()
  })
})
