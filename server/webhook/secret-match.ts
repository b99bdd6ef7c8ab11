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
 * secretMatches for a check on every request, without a hash per call: the given value
 * is written into a buffer of the secret's size (cut there, zero-filled) and that is
 * compared in constant time; the lengths are compared apart. The time depends on the
 * secret's length and the given value's, never on how much of the secret it matches.
 *
 * @example const isOurs = createSecretMatcher(config.webhookSecret); isOurs(c.req.param('secret'))
 */
export function createSecretMatcher(expected: string): (given: string) => boolean {
  const secret = Buffer.from(expected, 'utf8')
  const given = Buffer.alloc(secret.length)
  return (value) => {
    given.fill(0)
    given.write(value, 'utf8')
    const sameLength = Buffer.byteLength(value, 'utf8') === secret.length
    const sameBytes = timingSafeEqual(given, secret)
    return sameBytes && sameLength
  }
}
