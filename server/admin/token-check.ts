import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** True when `candidate` is the ADMIN_TOKEN; compared as equal-length digests in constant time. */
export function tokenMatches(expected: string | undefined, candidate: string | undefined): boolean {
  if (expected === undefined || candidate === undefined) return false
  return timingSafeEqual(digest(candidate), digest(expected))
}
