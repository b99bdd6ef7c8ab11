import { ticketUsedKey } from '../store/keys'
import type { Claims } from '../store/types'
import { readGeneration, revokeGeneration } from './generation'
import { createLegacyClock, migrateLegacyUser } from './legacy'
import type { MergeStore } from './merge-conversation'
import { checkTicket, checkToken, invalidTicket, invalidToken } from './session-check'
import { SessionError } from './session-error'
import { issueTicket, readTicket, TICKET_TTL_SECONDS } from './ticket'
import { issueToken, readToken, type TokenClaims, type Visitor } from './token'

/** A credential that opened: who, and the generation it was issued under. */
export type Authenticated = { visitor: Visitor; generation: number }

export type Sessions = {
  /** A fresh token for `visitor` (new or renewed: its lifetime starts now). */
  issue(visitor: Visitor): Promise<string>
  /**
   * The visitor a token names, once its signature, age and generation are checked;
   * throws SessionError otherwise. A first-format user token's old conversation is
   * moved to the user's id on first use.
   */
  authenticate(token: string): Promise<Authenticated & { claims: TokenClaims }>
  /**
   * The visitor a stream ticket names, spending the ticket: a second use (a copied URL,
   * EventSource's own reconnect) throws SessionError `ticket_used`, as does anything else wrong.
   */
  authenticateTicket(ticket: string): Promise<Authenticated>
  /** A 60-second ticket for GET /api/events of an authenticated visitor. */
  ticket(authenticated: Authenticated): { ticket: string; expiresIn: number }
  /** Refuses every credential of the visitor issued so far, on every instance; the new generation. */
  revoke(visitorId: string): Promise<number>
}

/**
 * Visitor credentials: issued, checked and revoked against the shared store, so any
 * instance agrees.
 *
 * @example const sessions = createSessions({ store, secret, ttlMs: config.sessionTtlMs, keepMs, now: Date.now })
 */
export function createSessions(options: {
  store: MergeStore & Claims
  secret: string
  /** Sliding lifetime of a token (SESSION_TTL_DAYS). */
  ttlMs: number
  /** How long conversations are kept (aliases of moved conversations live as long). */
  keepMs: number
  now: () => number
}): Sessions {
  const { store, secret, ttlMs, keepMs, now } = options
  const legacySince = createLegacyClock(store, now)
  const ticketMs = TICKET_TTL_SECONDS * 1000

  return {
    async issue(visitor) {
      // Dates first-format tokens from the first session this version serves (read once).
      await legacySince()
      const generation = (await readGeneration(store, visitor.visitorId)) ?? 0
      return issueToken(secret, visitor, { issuedAt: now(), generation })
    },

    async authenticate(token) {
      const claims = readToken(secret, token)
      if (!claims) throw invalidToken()
      const { visitor } = claims
      const [generation, since] = await Promise.all([
        readGeneration(store, visitor.visitorId),
        claims.issuedAt === undefined ? legacySince() : Promise.resolve(0),
      ])
      const problem = checkToken(claims, { now: now(), ttlMs, generation, legacySince: since })
      if (problem) throw problem
      if (claims.legacyUserId !== undefined)
        await migrateLegacyUser(store, {
          rawId: claims.legacyUserId,
          userId: visitor.visitorId,
          keepMs,
          now: now(),
        })
      return { visitor, generation: generation ?? 0, claims }
    },

    async authenticateTicket(ticket) {
      const claims = readTicket(secret, ticket)
      if (!claims) throw invalidTicket()
      const generation = await readGeneration(store, claims.visitor.visitorId)
      const problem = checkTicket(claims, { now: now(), generation, maxLifetimeMs: ticketMs })
      if (problem) throw problem
      // Spent on every instance for as long as it could still be valid (plus the clock
      // skew a check tolerates), so no one opens a second stream with it.
      const left = claims.expiresAt - now() + ticketMs
      if (!(await store.claim(ticketUsedKey(claims.nonce), left)))
        throw new SessionError(
          'ticket_used',
          'The stream ticket was used already (a ticket opens one stream): get a new one with POST /api/events/ticket.',
        )
      return { visitor: claims.visitor, generation: generation ?? 0 }
    },

    ticket({ visitor, generation }) {
      const ticket = issueTicket(secret, visitor, { expiresAt: now() + ticketMs, generation })
      return { ticket, expiresIn: TICKET_TTL_SECONDS }
    },

    revoke: (visitorId) => revokeGeneration(store, visitorId, now(), ttlMs),
  }
}
