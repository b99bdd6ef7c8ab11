import { generationHolds } from './generation'
import { SessionError } from './session-error'
import type { TicketClaims } from './ticket'
import type { TokenClaims } from './token'

/**
 * How far the clock that issued a credential with an expiry (a stream ticket) may
 * have run ahead of this instance's: a clock that stepped back (an NTP correction, a
 * restored VM) or instances whose clocks disagree must not refuse what was just
 * issued. Such a credential is accepted while its expiry lies at most its lifetime
 * plus this ahead. (Was 5 minutes; tokens are bounded by their lifetime instead.)
 */
export const CLOCK_SKEW_MS = 24 * 3_600_000

const DAY = 86_400_000

/**
 * Why a correctly signed token opens nothing now, or undefined when it is good.
 * `legacySince` stands in for the issue time of first-format tokens (they had none).
 *
 * A token issued "in the future" comes from a clock that has since stepped back, or
 * from an instance ahead of this one: it is ours (signed), so it is accepted, aged
 * from now while its issue time is ahead. Only one claiming more than a whole
 * lifetime ahead is refused: no clock step of this deployment explains it.
 */
export function checkToken(
  claims: TokenClaims,
  context: { now: number; ttlMs: number; generation: number | undefined; legacySince: number },
): SessionError | undefined {
  const issuedAt = claims.issuedAt ?? context.legacySince
  if (issuedAt - context.now > context.ttlMs) return invalidToken()
  if (Math.max(0, context.now - issuedAt) >= context.ttlMs) return expired(context.ttlMs)
  if (!generationHolds(claims.generation, context.generation)) return revoked()
  return undefined
}

/** Why a correctly signed stream ticket opens nothing now, or undefined when it is good. */
export function checkTicket(
  claims: TicketClaims,
  context: { now: number; generation: number | undefined; maxLifetimeMs: number },
): SessionError | undefined {
  if (claims.expiresAt > context.now + context.maxLifetimeMs + CLOCK_SKEW_MS) return invalidTicket()
  if (claims.expiresAt <= context.now)
    return new SessionError(
      'ticket_expired',
      'The stream ticket has expired (a ticket opens GET /api/events for 60 s): get a new one with POST /api/events/ticket.',
    )
  if (!generationHolds(claims.generation, context.generation)) return revoked()
  return undefined
}

/** A token that is not ours (a bad signature, a bad format) or that no clock explains. */
export function invalidToken(): SessionError {
  return new SessionError(
    'invalid_token',
    'The visitor token is not valid: start a new session with POST /api/session.',
  )
}

/** A stream ticket that is not ours (a bad signature, a bad format) or that no clock explains. */
export function invalidTicket(): SessionError {
  return new SessionError(
    'invalid_ticket',
    'The stream ticket is not valid: get one with POST /api/events/ticket.',
  )
}

function expired(ttlMs: number): SessionError {
  const lifetime = ttlMs % DAY === 0 ? `${ttlMs / DAY} days` : `${Math.round(ttlMs / 1000)} seconds`
  return new SessionError(
    'session_expired',
    `The session has expired (a session lasts ${lifetime} after it was last renewed): start a new session with POST /api/session (an empty body {} for a guest, or identify the user again).`,
  )
}

function revoked(): SessionError {
  return new SessionError(
    'session_revoked',
    'This session was ended (DELETE /api/session) on this or another device: start a new session with POST /api/session.',
  )
}
