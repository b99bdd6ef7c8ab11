import { createHmac, timingSafeEqual } from 'node:crypto'

/** The hash a site computes for a logged-in user: hex HMAC-SHA256(IDENTITY_SECRET, user id). */
export function identityHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex')
}

/** True when `hash` proves the site vouches for `userId`; compared in constant time. */
export function verifyIdentity(secret: string, userId: string, hash: string): boolean {
  const expected = Buffer.from(identityHash(secret, userId), 'hex')
  const given = Buffer.from(hash.toLowerCase(), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
