import { createHmac, timingSafeEqual } from 'node:crypto'
import { idOfPart, idPart, MAX_VISITOR_ID, numberOfPart, numberPart } from '../session/token-parts'
import { isGuestVisitorId, isUserVisitorId } from '../session/visitor-id'

/** What a resume link's token says, once its signature is checked (its age and generation are not yet). */
export type ResumeClaims = {
  visitorId: string
  /** When the link stops working (ms since the epoch). */
  expiresAt: number
  /** The visitor's credential generation when the link was made; DELETE /api/session moves it on. */
  generation: number
}

// Token: "r1" "." base64url(visitorId) "." expiresAt "." generation "." base64url(HMAC-SHA256, first 16 bytes),
// numbers in base 36: about 75 characters for a guest, all of them safe in a URL path and
// a fragment, so mail clients do not break the link. A 128-bit tag is plenty for a
// credential checked online behind a rate limit.
//
// Signed with a key of its own, HMAC-SHA256(SESSION_SECRET, LABEL): no resume token is
// ever a visitor token or a stream ticket, and no other use of SESSION_SECRET can be
// made to sign one (key separation without a new environment variable).
const VERSION = 'r1'
const LABEL = 'porthole-resume-link-key-v1'
const PAYLOAD_PREFIX = 'porthole-resume-v1'
const TAG_BYTES = 16
const MAX_TOKEN_LENGTH = 512
const TAG = /^[A-Za-z0-9_-]{22}$/

/** The resume links' own signing key, derived from SESSION_SECRET. */
export function resumeKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update(LABEL).digest()
}

function tag(key: Buffer, visitorId: string, expiresAt: number, generation: number): Buffer {
  return createHmac('sha256', key)
    .update(`${PAYLOAD_PREFIX}\n${expiresAt}\n${generation}\n${visitorId}`)
    .digest()
    .subarray(0, TAG_BYTES)
}

/** True for the visitor ids a resume link may name: a guest's or a verified user's. */
function isVisitorId(visitorId: string): boolean {
  return isGuestVisitorId(visitorId) || isUserVisitorId(visitorId)
}

/**
 * Signs a resume link's token.
 *
 * @example issueResumeToken(resumeKey(secret), { visitorId: 'V1StGXR8_Z5jdHi6B-myT', expiresAt: Date.now() + 7 * 86_400_000, generation: 0 })
 */
export function issueResumeToken(key: Buffer, claims: ResumeClaims): string {
  const { visitorId, expiresAt, generation } = claims
  if (!isVisitorId(visitorId) || visitorId.length > MAX_VISITOR_ID)
    throw new Error(`issueResumeToken: "${visitorId}" is not a visitor id`)
  if (!Number.isSafeInteger(expiresAt) || expiresAt < 0)
    throw new Error('issueResumeToken: expiresAt must be a time in whole milliseconds')
  if (!Number.isSafeInteger(generation) || generation < 0)
    throw new Error('issueResumeToken: generation must be a whole number')
  return [
    VERSION,
    idPart(visitorId),
    numberPart(expiresAt),
    numberPart(generation),
    tag(key, visitorId, expiresAt, generation).toString('base64url'),
  ].join('.')
}

/** The claims of a token signed with `key` (expired or not), or undefined when it is malformed or forged. */
export function readResumeToken(key: Buffer, token: string): ResumeClaims | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined
  const parts = token.split('.')
  const [version, id, expires, generation, signature] = parts
  if (parts.length !== 5 || version !== VERSION) return undefined
  if (id === undefined || expires === undefined || generation === undefined) return undefined
  if (signature === undefined || !TAG.test(signature)) return undefined
  const visitorId = idOfPart(id)
  const expiresAt = numberOfPart(expires)
  const gen = numberOfPart(generation)
  if (visitorId === undefined || expiresAt === undefined || gen === undefined) return undefined
  if (!isVisitorId(visitorId)) return undefined
  // The id must be written the one way this module writes it (no second spelling of a token).
  if (idPart(visitorId) !== id) return undefined
  // Compared as text: base64url's last character has spare bits, so comparing decoded
  // bytes would accept a second spelling of the same tag.
  const expected = Buffer.from(tag(key, visitorId, expiresAt, gen).toString('base64url'))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return { visitorId, expiresAt, generation: gen }
}
