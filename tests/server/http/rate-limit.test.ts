import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../../server/http/rate-limit'

describe('rate limiter', () => {
  it('allows `limit` hits per key and window, then says how long to wait', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now })
    expect(limiter.hit('a')).toBeUndefined()
    expect(limiter.hit('a')).toBeUndefined()
    now = 15_000
    expect(limiter.hit('a')).toBe(45)
    expect(limiter.hit('b')).toBeUndefined()
    now = 60_000
    expect(limiter.hit('a')).toBeUndefined()
  })

  it('keeps window boundaries aligned after an idle gap', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now })
    limiter.hit('a')
    now = 5500
    expect(limiter.hit('a')).toBeUndefined()
    now = 5600
    expect(limiter.hit('a')).toBe(1)
  })
})
