import { createHash, timingSafeEqual } from 'node:crypto'

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

/**
 * Compares a token taken from a request path with the configured one in constant
 * time. Hashing first gives equal-length buffers, so the comparison leaks neither
 * the content nor the length of the secret.
 */
export function tokensMatch(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given))
}
