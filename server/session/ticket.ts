import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { type Visitor, visitorOfParts } from './token'
import { idPart, numberOfPart, numberPart } from './token-parts'

/** How long a stream ticket opens GET /api/events (seconds). */
export const TICKET_TTL_SECONDS = 60

/**
 * What a valid ticket says; the caller checks the generation against the store and
 * spends the nonce (a ticket opens one stream, once).
 */
export type TicketClaims = {
  visitor: Visitor
  expiresAt: number
  generation: number
  nonce: string
}

// Ticket: "t2" "." base64url(visitorId) "." kind "." expiresAt "." generation "." nonce "."
// base64url(HMAC), numbers in base 36, the nonce 16 random bytes in base64url. Signed
// under its own prefix, so a ticket is never a token and a token never a ticket. A
// first-format ("t1") ticket had no nonce and is refused: it lived 60 s, and the widget
// asks for a new one when a stream is refused.
const VERSION = 't2'
const PREFIX = 'porthole-stream-ticket-v2'
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const NONCE = /^[A-Za-z0-9_-]{22}$/

function sign(
  secret: string,
  visitor: Visitor,
  expiresAt: number,
  generation: number,
  nonce: string,
): Buffer {
  return createHmac('sha256', secret)
    .update(
      `${PREFIX}\n${visitor.kind}\n${expiresAt}\n${generation}\n${nonce}\n${visitor.visitorId}`,
    )
    .digest()
}

/**
 * A short-lived credential for GET /api/events?ticket=… only: EventSource cannot send
 * an Authorization header, and a URL ends up in access logs, so the URL carries this
 * instead of the visitor's token.
 *
 * @example issueTicket(secret, visitor, { expiresAt: Date.now() + 60_000, generation: 0 })
 */
export function issueTicket(
  secret: string,
  visitor: Visitor,
  claims: { expiresAt: number; generation: number },
): string {
  const { expiresAt, generation } = claims
  const nonce = randomBytes(16).toString('base64url')
  const signature = sign(secret, visitor, expiresAt, generation, nonce).toString('base64url')
  return [
    VERSION,
    idPart(visitor.visitorId),
    visitor.kind,
    numberPart(expiresAt),
    numberPart(generation),
    nonce,
    signature,
  ].join('.')
}

/** The claims of a ticket signed by `secret` (expired or not), or undefined when malformed or forged. */
export function readTicket(secret: string, ticket: string): TicketClaims | undefined {
  if (ticket.length > 1024) return undefined
  const parts = ticket.split('.')
  const [version, id, kind, expires, generation, nonce, signature] = parts
  if (parts.length !== 7 || version !== VERSION) return undefined
  if (id === undefined || kind === undefined || signature === undefined) return undefined
  if (expires === undefined || generation === undefined || nonce === undefined) return undefined
  if (!NONCE.test(nonce)) return undefined
  if (!SIGNATURE.test(signature)) return undefined
  const visitor = visitorOfParts(id, kind)
  const expiresAt = numberOfPart(expires)
  const gen = numberOfPart(generation)
  if (visitor === undefined || expiresAt === undefined || gen === undefined) return undefined
  const expected = sign(secret, visitor, expiresAt, gen, nonce)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return { visitor, expiresAt, generation: gen, nonce }
}
