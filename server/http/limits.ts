import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './api-error'
import type { RateLimiter } from './rate-limit'

/** A request body limit answering 413 with the API's error body (chunked bodies included). */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw apiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`)
    },
  })
}

/** Rejects with 429 and Retry-After when `limiter` refuses `key`. */
export async function enforceRate(limiter: RateLimiter, key: string, what: string): Promise<void> {
  const retryAfter = await limiter.hit(key)
  if (retryAfter === undefined) return
  throw apiError(429, 'rate_limited', `Too many ${what}; try again in ${retryAfter} s.`, {
    'retry-after': String(retryAfter),
  })
}
