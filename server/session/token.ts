import { createHmac, timingSafeEqual } from 'node:crypto'

export const VISITOR_KINDS = ['guest', 'user'] as const
export type VisitorKind = (typeof VISITOR_KINDS)[number]

/** Who a valid token names. For a `user`, visitorId is the site's verified user id. */
export type Visitor = { visitorId: string; kind: VisitorKind }

// Token: base64url(visitorId) "." kind "." base64url(HMAC-SHA256). The id is encoded
// because a site's user ids may contain dots.
const PREFIX = 'porthole-visitor-v1'

function sign(secret: string, visitor: Visitor): Buffer {
  return createHmac('sha256', secret)
    .update(`${PREFIX}\n${visitor.kind}\n${visitor.visitorId}`)
    .digest()
}

/**
 * Issues the credential of one visitor. It does not expire: a visitor keeps their
 * conversation until SESSION_SECRET changes.
 *
 * @example issueToken(secret, { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' })
 */
export function issueToken(secret: string, visitor: Visitor): string {
  const id = Buffer.from(visitor.visitorId, 'utf8').toString('base64url')
  return `${id}.${visitor.kind}.${sign(secret, visitor).toString('base64url')}`
}

/** The visitor a token names, or undefined when it is malformed or not signed by `secret`. */
export function verifyToken(secret: string, token: string): Visitor | undefined {
  if (token.length > 512) return undefined
  const [id, kind, signature, extra] = token.split('.')
  if (id === undefined || kind === undefined || signature === undefined || extra !== undefined)
    return undefined
  if (kind !== 'guest' && kind !== 'user') return undefined
  if (!/^[A-Za-z0-9_-]+$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return undefined
  const visitorId = Buffer.from(id, 'base64url').toString('utf8')
  if (visitorId.length === 0 || visitorId.length > 128) return undefined
  const visitor: Visitor = { visitorId, kind }
  const expected = sign(secret, visitor)
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? visitor : undefined
}
