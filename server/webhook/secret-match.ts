import { createHash, timingSafeEqual } from 'node:crypto'

/** Compares a path secret in constant time, whatever the lengths. */
export function secretMatches(expected: string, given: string): boolean {
  // Hashing first gives equal-length buffers, so the length is not leaked either.
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}
