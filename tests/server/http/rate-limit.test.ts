import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimiter, perMinuteLimiter } from '../../../server/http/rate-limit'
import { createMemoryStore } from '../../../server/store/memory-store'

afterEach(() => {
  vi.useRealTimers()
})

/** A limiter on fake timers from 0: hitAt(ms, key) is its answer to a hit of `key` at `ms`. */
function limiterFromZero(limit: number, windowMs: number) {
  vi.useFakeTimers({ now: 0 })
  const limiter = createRateLimiter({ name: 't', limit, windowMs })
  return (ms: number, key = 'a') => {
    vi.setSystemTime(ms)
    return limiter.hit(key)
  }
}

describe('rate limiter (this process)', () => {
  it('allows `limit` hits per key and window, then says how long to wait', async () => {
    const hitAt = limiterFromZero(2, 60_000)
    expect(await hitAt(0)).toBeUndefined()
    expect(await hitAt(0)).toBeUndefined()
    expect(await hitAt(15_000)).toBe(45)
    expect(await hitAt(15_000, 'b')).toBeUndefined()
    expect(await hitAt(59_500)).toBe(1)
    expect(await hitAt(60_000)).toBeUndefined()
  })

  it("starts a key's window at its first hit", async () => {
    const hitAt = limiterFromZero(1, 1000)
    await hitAt(0)
    expect(await hitAt(5500)).toBeUndefined()
    expect(await hitAt(5600)).toBe(1)
    expect(await hitAt(6500)).toBeUndefined()
  })

  it('counts a thousand keys apart and forgets them when their window ends', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createRateLimiter({ name: 't', limit: 3, windowMs: 60_000 })
    const keys = Array.from({ length: 1000 }, (_, i) => `203.0.${i >> 8}.${i & 255}`)
    for (let round = 0; round < 3; round++) {
      for (const key of keys) expect(await limiter.hit(key)).toBeUndefined()
    }
    for (const key of keys) expect(await limiter.hit(key)).toBe(60)
    // The expiry timers run: every key's counter is gone, nothing is kept for ever.
    expect(vi.getTimerCount()).toBe(1000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(vi.getTimerCount()).toBe(0)
    expect(await limiter.hit(keys[0] ?? '')).toBeUndefined()
  })

  it('refuses a limit or window it cannot count', () => {
    expect(() => createRateLimiter({ name: 't', limit: 0, windowMs: 60_000 })).toThrow(/limit/)
    expect(() => createRateLimiter({ name: 't', limit: 5, windowMs: 1500 })).toThrow(
      /whole seconds/,
    )
  })

  it('counts in this process on a store without shared counters', async () => {
    const limiter = perMinuteLimiter(createMemoryStore(), silent(), 'sessions-per-ip', 1)
    expect(await limiter.hit('ip')).toBeUndefined()
    expect(await limiter.hit('ip')).toBeGreaterThanOrEqual(59)
  })
})

function silent() {
  return { debug() {}, info() {}, warn() {}, error() {}, child: silent }
}
