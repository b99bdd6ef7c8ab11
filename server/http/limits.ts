import { apiError } from './api-error'
import type { RateLimiter } from './rate-limit'

/** Rejects with 429 and Retry-After when `limiter` refuses `key` (`points` hits, default one). */
export async function enforceRate(
  limiter: RateLimiter,
  key: string,
  what: string,
  points = 1,
): Promise<void> {
  if (points <= 0) return
  const retryAfter = await limiter.hit(key, points)
  if (retryAfter === undefined) return
  throw apiError(429, 'rate_limited', `Too many ${what}; try again in ${retryAfter} s.`, {
    'retry-after': String(retryAfter),
  })
}
