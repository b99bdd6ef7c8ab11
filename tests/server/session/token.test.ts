import { describe, expect, it } from 'vitest'
import { identityHash, verifyIdentity } from '../../../server/session/identity'
import { issueToken, readToken } from '../../../server/session/token'
import { issueLegacyToken } from '../support/legacy-token'

const SECRET = 'session-secret-0123456789abcdef0123456789'
const AT = Date.UTC(2026, 10, 1)

describe('visitor tokens', () => {
  it('round-trip guests and users with their issue time and generation, ids with dots and unicode included', () => {
    for (const visitor of [
      { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const },
      { visitorId: 'user:user.42@example.com', kind: 'user' as const },
      { visitorId: 'user:Ünïcödé-用户', kind: 'user' as const },
    ]) {
      const token = issueToken(SECRET, visitor, { issuedAt: AT, generation: 7 })
      expect(readToken(SECRET, token)).toEqual({ visitor, issuedAt: AT, generation: 7 })
    }
  })

  it('refuse another secret, a changed id, kind, time or generation, and garbage', () => {
    const token = issueToken(
      SECRET,
      { visitorId: 'alice', kind: 'guest' },
      { issuedAt: AT, generation: 0 },
    )
    const [version, , kind, issued, generation, signature] = token.split('.')
    const bob = Buffer.from('bob').toString('base64url')
    expect(readToken('another-secret-0123456789abcdef01234567', token)).toBeUndefined()
    expect(
      readToken(SECRET, [version, bob, kind, issued, generation, signature].join('.')),
    ).toBeUndefined()
    const later = (AT + 86_400_000).toString(36)
    const alice = Buffer.from('alice').toString('base64url')
    expect(
      readToken(SECRET, [version, alice, kind, later, generation, signature].join('.')),
    ).toBeUndefined()
    expect(
      readToken(SECRET, [version, alice, kind, issued, '1', signature].join('.')),
    ).toBeUndefined()
    expect(readToken(SECRET, token.replace('.guest.', '.user.'))).toBeUndefined()
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}.x`, 'x'.repeat(2000)])
      expect(readToken(SECRET, bad)).toBeUndefined()
  })

  it('keep the id spaces apart: a guest id never has a colon, a user id always starts user:', () => {
    expect(() =>
      issueToken(SECRET, { visitorId: 'user:42', kind: 'guest' }, { issuedAt: AT, generation: 0 }),
    ).toThrow(/not a guest visitor id/)
    expect(() =>
      issueToken(SECRET, { visitorId: '42', kind: 'user' }, { issuedAt: AT, generation: 0 }),
    ).toThrow(/not a user visitor id/)
  })

  it('read the first format: guests as they were, users mapped to user:<id> with their raw id', () => {
    const guest = { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const }
    expect(readToken(SECRET, issueLegacyToken(SECRET, guest))).toEqual({
      visitor: guest,
      issuedAt: undefined,
      generation: 0,
    })
    expect(
      readToken(SECRET, issueLegacyToken(SECRET, { visitorId: 'u.42', kind: 'user' })),
    ).toEqual({
      visitor: { visitorId: 'user:u.42', kind: 'user' },
      issuedAt: undefined,
      generation: 0,
      legacyUserId: 'u.42',
    })
    expect(
      readToken('another-secret-0123456789abcdef01234567', issueLegacyToken(SECRET, guest)),
    ).toBeUndefined()
  })
})

describe('identity verification', () => {
  it('accepts the site’s HMAC of the user id (any hex case) and nothing else', () => {
    const hash = identityHash('identity-secret', 'user-1')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(verifyIdentity('identity-secret', 'user-1', hash)).toBe(true)
    expect(verifyIdentity('identity-secret', 'user-1', hash.toUpperCase())).toBe(true)
    expect(verifyIdentity('identity-secret', 'user-2', hash)).toBe(false)
    expect(verifyIdentity('other-secret', 'user-1', hash)).toBe(false)
  })
})
