import { createHmac, timingSafeEqual } from 'node:crypto'
import { idOfPart, idPart, numberOfPart, numberPart } from './token-parts'
import { isGuestVisitorId, isUserVisitorId, userVisitorId } from './visitor-id'

export const VISITOR_KINDS = ['guest', 'user'] as const
export type VisitorKind = (typeof VISITOR_KINDS)[number]

/** Who a valid token names. For a `user`, visitorId is `user:<the site's user id>`. */
export type Visitor = { visitorId: string; kind: VisitorKind }

/** What a token says, once its signature is checked (its age and generation are not yet). */
export type TokenClaims = {
  visitor: Visitor
  /** When it was issued (ms); undefined for a token of the first format, which had no time. */
  issuedAt: number | undefined
  /** The visitor's credential generation when it was issued; a revocation moves it on. */
  generation: number
  /** First-format user tokens only: the raw user id their conversation was kept under. */
  legacyUserId?: string
}

// Token: "v2" "." base64url(visitorId) "." kind "." issuedAt "." generation "." base64url(HMAC-SHA256),
// numbers in base 36. The id is encoded because a site's user ids may contain dots.
// The first format, base64url(id) "." kind "." signature, is still read (see readToken).
const VERSION = 'v2'
const PREFIX = 'porthole-visitor-v2'
const LEGACY_PREFIX = 'porthole-visitor-v1'
const MAX_TOKEN_LENGTH = 1024
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

function hmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest()
}

function signatureMatches(expected: Buffer, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function payload(visitor: Visitor, issuedAt: number, generation: number): string {
  return `${PREFIX}\n${visitor.kind}\n${issuedAt}\n${generation}\n${visitor.visitorId}`
}

/** True when `visitorId` belongs to the id space of `kind`. */
export function idFitsKind(visitorId: string, kind: VisitorKind): boolean {
  return kind === 'user' ? isUserVisitorId(visitorId) : isGuestVisitorId(visitorId)
}

/** The visitor a token's id and kind parts name, or undefined when they name none. */
export function visitorOfParts(id: string, kind: string): Visitor | undefined {
  if (kind !== 'guest' && kind !== 'user') return undefined
  const visitorId = idOfPart(id)
  return visitorId !== undefined && idFitsKind(visitorId, kind) ? { visitorId, kind } : undefined
}

/**
 * Issues the credential of one visitor, valid for SESSION_TTL_DAYS from `issuedAt`
 * unless the visitor's generation moves on (DELETE /api/session).
 *
 * @example issueToken(secret, { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' }, { issuedAt: Date.now(), generation: 0 })
 */
export function issueToken(
  secret: string,
  visitor: Visitor,
  claims: { issuedAt: number; generation: number },
): string {
  if (!idFitsKind(visitor.visitorId, visitor.kind))
    throw new Error(`issueToken: "${visitor.visitorId}" is not a ${visitor.kind} visitor id`)
  const { issuedAt, generation } = claims
  const signature = hmac(secret, payload(visitor, issuedAt, generation)).toString('base64url')
  return [
    VERSION,
    idPart(visitor.visitorId),
    visitor.kind,
    numberPart(issuedAt),
    numberPart(generation),
    signature,
  ].join('.')
}

/** The claims of a token signed by `secret`, or undefined when it is malformed or forged. */
export function readToken(secret: string, token: string): TokenClaims | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined
  const parts = token.split('.')
  if (parts.length === 3) return readLegacyToken(secret, parts)
  const [version, id, kind, issued, generation, signature] = parts
  if (parts.length !== 6 || version !== VERSION) return undefined
  if (id === undefined || kind === undefined || signature === undefined) return undefined
  if (issued === undefined || generation === undefined) return undefined
  if (!SIGNATURE.test(signature)) return undefined
  const visitor = visitorOfParts(id, kind)
  const issuedAt = numberOfPart(issued)
  const gen = numberOfPart(generation)
  if (visitor === undefined || issuedAt === undefined || gen === undefined) return undefined
  if (!signatureMatches(hmac(secret, payload(visitor, issuedAt, gen)), signature)) return undefined
  return { visitor, issuedAt, generation: gen }
}

// The first format had no issue time and put a user's raw id in the guests' space.
// A user's raw id is mapped to `user:<id>`; its old conversation is moved by
// ./legacy-user.ts.
function readLegacyToken(secret: string, parts: string[]): TokenClaims | undefined {
  const [id, kind, signature] = parts
  if (id === undefined || kind === undefined || signature === undefined) return undefined
  if (kind !== 'guest' && kind !== 'user') return undefined
  if (!SIGNATURE.test(signature)) return undefined
  const rawId = idOfPart(id)
  if (rawId === undefined || rawId.length === 0 || rawId.length > 128) return undefined
  const expected = hmac(secret, `${LEGACY_PREFIX}\n${kind}\n${rawId}`)
  if (!signatureMatches(expected, signature)) return undefined
  if (kind === 'user')
    return {
      visitor: { visitorId: userVisitorId(rawId), kind },
      issuedAt: undefined,
      generation: 0,
      legacyUserId: rawId,
    }
  // A first-format guest id was always a nanoid; anything else cannot be a guest now.
  if (!isGuestVisitorId(rawId)) return undefined
  return { visitor: { visitorId: rawId, kind }, issuedAt: undefined, generation: 0 }
}
