import { describe, expect, it } from 'vitest'
import { CLOCK_SKEW_MS, checkTicket, checkToken } from '../../../server/session/session-check'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 22)
const visitor = { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const }
const claims = (issuedAt: number | undefined, generation = 0) => ({ visitor, issuedAt, generation })
const context = { now: NOW, ttlMs: 30 * DAY, generation: undefined, legacySince: NOW }

describe('checkToken', () => {
  it('accepts a token within its lifetime, refuses it from the lifetime on', () => {
    expect(checkToken(claims(NOW - 30 * DAY + 1), context)).toBeUndefined()
    const problem = checkToken(claims(NOW - 30 * DAY), context)
    expect(problem?.code).toBe('session_expired')
    expect(problem?.message).toMatch(/30 days.*start a new session with POST \/api\/session/)
  })

  it('dates a first-format token from when this version first served', () => {
    expect(checkToken(claims(undefined), { ...context, legacySince: NOW - DAY })).toBeUndefined()
    expect(checkToken(claims(undefined), { ...context, legacySince: NOW - 30 * DAY })?.code).toBe(
      'session_expired',
    )
  })

  it('refuses a token from the future beyond the clock skew', () => {
    expect(checkToken(claims(NOW + CLOCK_SKEW_MS), context)).toBeUndefined()
    expect(checkToken(claims(NOW + CLOCK_SKEW_MS + 1), context)?.code).toBe('invalid_token')
  })

  it('refuses a token of an earlier generation once the visitor revoked', () => {
    expect(checkToken(claims(NOW, 5), context)).toBeUndefined()
    expect(checkToken(claims(NOW, 5), { ...context, generation: 5 })).toBeUndefined()
    expect(checkToken(claims(NOW, 0), { ...context, generation: 5 })?.code).toBe('session_revoked')
  })
})

describe('checkTicket', () => {
  const ticket = (expiresAt: number, generation = 0) => ({
    visitor,
    expiresAt,
    generation,
    nonce: 'n'.repeat(22),
  })
  const ctx = { now: NOW, generation: undefined, maxLifetimeMs: 60_000 }

  it('accepts it until it expires', () => {
    expect(checkTicket(ticket(NOW + 1), ctx)).toBeUndefined()
    expect(checkTicket(ticket(NOW), ctx)?.code).toBe('ticket_expired')
  })

  it('refuses a ticket that claims a longer life than any issued, and a revoked one', () => {
    expect(checkTicket(ticket(NOW + 60_000 + CLOCK_SKEW_MS + 1), ctx)?.code).toBe('invalid_ticket')
    expect(checkTicket(ticket(NOW + 1000, 1), { ...ctx, generation: 2 })?.code).toBe(
      'session_revoked',
    )
  })
})
