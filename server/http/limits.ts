import { apiError } from './api-error'
import type { RateLimiter } from './rate-limit'

/** Rejects with 429 and Retry-After when `limiter` refuses `key`. */
export async function enforceRate(limiter: RateLimiter, key: string, what: string): Promise<void> {
  const retryAfter = await limiter.hit(key)
  if (retryAfter === undefined) return
  throw apiError(429, 'rate_limited', `Too many ${what}; try again in ${retryAfter} s.`, {
    'retry-after': String(retryAfter),
  })
}
