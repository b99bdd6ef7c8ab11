import { describe, expect, it } from 'vitest'
import { issueTicket, readTicket } from '../../../server/session/ticket'
import { issueToken, readToken } from '../../../server/session/token'

const SECRET = 'session-secret-0123456789abcdef0123456789'
const visitor = { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const }

describe('stream tickets', () => {
  it('round-trip the visitor, expiry and generation, each with a nonce of its own', () => {
    const claims = { expiresAt: 1_700_000_060_000, generation: 3 }
    const ticket = issueTicket(SECRET, visitor, claims)
    const twin = issueTicket(SECRET, visitor, claims)
    const read = readTicket(SECRET, ticket)
    expect(read).toEqual({ visitor, ...claims, nonce: expect.stringMatching(/^[\w-]{22}$/) })
    // Two tabs asking in the same millisecond get two tickets, each spent on its own.
    expect(twin).not.toBe(ticket)
    expect(readTicket(SECRET, twin)?.nonce).not.toBe(read?.nonce)
  })

  it('are never tokens, and tokens never tickets', () => {
    const ticket = issueTicket(SECRET, visitor, { expiresAt: 1_700_000_060_000, generation: 0 })
    const token = issueToken(SECRET, visitor, { issuedAt: 1_700_000_000_000, generation: 0 })
    expect(readToken(SECRET, ticket)).toBeUndefined()
    expect(readTicket(SECRET, token)).toBeUndefined()
  })

  it('refuse a longer life, another visitor, another secret and garbage', () => {
    const ticket = issueTicket(SECRET, visitor, { expiresAt: 1_700_000_060_000, generation: 0 })
    const parts = ticket.split('.')
    const stretched = [...parts]
    stretched[3] = (1_800_000_000_000).toString(36)
    expect(readTicket(SECRET, stretched.join('.'))).toBeUndefined()
    const other = [...parts]
    other[1] = Buffer.from('someone-else').toString('base64url')
    expect(readTicket(SECRET, other.join('.'))).toBeUndefined()
    const respent = [...parts]
    respent[5] = 'A'.repeat(22)
    expect(readTicket(SECRET, respent.join('.'))).toBeUndefined()
    const firstFormat = [...parts.slice(0, 5), parts[6]]
    expect(readTicket(SECRET, firstFormat.join('.'))).toBeUndefined()
    expect(readTicket('another-secret-0123456789abcdef01234567', ticket)).toBeUndefined()
    for (const bad of ['', 't1', `${ticket}.x`, 'x'.repeat(2000)])
      expect(readTicket(SECRET, bad)).toBeUndefined()
  })
})
