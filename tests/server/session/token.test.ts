import { describe, expect, it } from 'vitest'
import { identityHash, verifyIdentity } from '../../../server/session/identity'
import { issueToken, verifyToken } from '../../../server/session/token'

const SECRET = 'session-secret-0123456789abcdef0123456789'

describe('visitor tokens', () => {
  it('round-trip guests and users, ids with dots and unicode included', () => {
    for (const visitor of [
      { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const },
      { visitorId: 'user.42@example.com', kind: 'user' as const },
      { visitorId: 'Ünïcödé-用户', kind: 'user' as const },
    ]) {
      expect(verifyToken(SECRET, issueToken(SECRET, visitor))).toEqual(visitor)
    }
  })

  it('refuse another secret, a changed id or kind, and garbage', () => {
    const token = issueToken(SECRET, { visitorId: 'alice', kind: 'guest' })
    const [, kind, signature] = token.split('.')
    expect(verifyToken('another-secret-0123456789abcdef01234567', token)).toBeUndefined()
    expect(
      verifyToken(SECRET, `${Buffer.from('bob').toString('base64url')}.${kind}.${signature}`),
    ).toBeUndefined()
    expect(verifyToken(SECRET, token.replace('.guest.', '.user.'))).toBeUndefined()
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}.x`, 'x'.repeat(600)])
      expect(verifyToken(SECRET, bad)).toBeUndefined()
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
