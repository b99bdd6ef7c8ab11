import { hash, timingSafeEqual } from 'node:crypto'

function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer')
}

/** Compares a path secret in constant time, whatever the lengths. */
export function secretMatches(expected: string, given: string): boolean {
  // Hashing first gives equal-length buffers, so the length is not leaked either.
  return timingSafeEqual(digest(expected), digest(given))
}

/**
 * secretMatches with the expected secret hashed once, for a check on every request.
 *
 * @example const isOurs = createSecretMatcher(config.webhookSecret); isOurs(c.req.param('secret'))
 */
export function createSecretMatcher(expected: string): (given: string) => boolean {
  const expectedDigest = digest(expected)
  return (given) => timingSafeEqual(expectedDigest, digest(given))
}
