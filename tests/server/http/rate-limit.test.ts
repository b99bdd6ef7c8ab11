import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimiter, perMinuteLimiter } from '../../../server/http/rate-limit'
import { createMemoryStore } from '../../../server/store/memory-store'

afterEach(() => {
  vi.useRealTimers()
})

describe('rate limiter (this process)', () => {
  it('allows `limit` hits per key and window, then says how long to wait', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createRateLimiter({ name: 't', limit: 2, windowMs: 60_000 })
    expect(await limiter.hit('a')).toBeUndefined()
    expect(await limiter.hit('a')).toBeUndefined()
    vi.setSystemTime(15_000)
    expect(await limiter.hit('a')).toBe(45)
    expect(await limiter.hit('b')).toBeUndefined()
    vi.setSystemTime(59_500)
    expect(await limiter.hit('a')).toBe(1)
    vi.setSystemTime(60_000)
    expect(await limiter.hit('a')).toBeUndefined()
  })

  it("starts a key's window at its first hit", async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createRateLimiter({ name: 't', limit: 1, windowMs: 1000 })
    await limiter.hit('a')
    vi.setSystemTime(5500)
    expect(await limiter.hit('a')).toBeUndefined()
    vi.setSystemTime(5600)
    expect(await limiter.hit('a')).toBe(1)
    vi.setSystemTime(6500)
    expect(await limiter.hit('a')).toBeUndefined()
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
