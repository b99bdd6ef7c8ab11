import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUnsubscribeTokens } from '../../../server/email/unsubscribe-token'

const SECRET = 'session-secret-0123456789abcdef'

/** A token of the first version, as e-mails already sent carry it: JSON in clear plus an HMAC. */
function legacyToken(secret: string, claim: { v: string; a: string }): string {
  const key = createHmac('sha256', secret).update('porthole e-mail unsubscribe v1').digest()
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url')
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`
}

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(SECRET)
  const claim = { v: 'visitor-123', a: 'ann@example.com' }

  it('show neither the address nor the visitor, even decoded', () => {
    const token = tokens.create(claim)
    expect(token).toMatch(/^u2\.[\w-]+$/)
    const decoded = Buffer.from(token.slice(3), 'base64url').toString('latin1')
    for (const shown of [token, decoded]) {
      expect(shown).not.toContain('ann@example.com')
      expect(shown).not.toContain('visitor-123')
    }
    // A fresh IV each time: two links of one address do not even match each other.
    expect(tokens.create(claim)).not.toBe(token)
    expect(tokens.verify(token)).toEqual(claim)
  })

  it('refuse a changed token, another secret’s and garbage', () => {
    const token = tokens.create(claim)
    const last = token.at(-1) === 'A' ? 'B' : 'A'
    expect(tokens.verify(`${token.slice(0, -1)}${last}`)).toBeUndefined()
    expect(createUnsubscribeTokens('another-secret-0123456789abcdef').verify(token)).toBeUndefined()
    expect(tokens.verify('u2.')).toBeUndefined()
    expect(tokens.verify('u2.AAAA')).toBeUndefined()
    expect(tokens.verify('nonsense')).toBeUndefined()
    expect(tokens.verify(`u2.${'A'.repeat(3000)}`)).toBeUndefined()
  })

  it('still accept the links of e-mails already sent (the first version), never a forged one', () => {
    expect(tokens.verify(legacyToken(SECRET, claim))).toEqual(claim)
    expect(tokens.verify(legacyToken('another-secret-0123456789abcdef', claim))).toBeUndefined()
  })
})
