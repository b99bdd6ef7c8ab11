import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_BACKOFF, exactDelay } from '../../shared/backoff'

const middle = () => 0.5

describe('backoffDelay', () => {
  it('doubles from 5 s to the 5-minute cap', () => {
    const delays = Array.from({ length: 9 }, (_, n) => backoffDelay(n, DEFAULT_BACKOFF, middle))
    expect(delays).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ])
  })

  it('spreads each delay by at most ±20 %', () => {
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0)).toBe(4000)
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0.999_999)).toBe(6000)
    expect(backoffDelay(10, DEFAULT_BACKOFF, () => 0)).toBe(240_000)
    for (let i = 0; i < 1000; i++) {
      const delay = backoffDelay(3, DEFAULT_BACKOFF)
      expect(delay).toBeGreaterThanOrEqual(32_000)
      expect(delay).toBeLessThanOrEqual(48_000)
    }
  })

  it('stays finite and capped for huge retry numbers', () => {
    expect(backoffDelay(100_000, DEFAULT_BACKOFF, middle)).toBe(300_000)
  })

  it('refuses a negative or fractional retry number', () => {
    expect(() => backoffDelay(-1, DEFAULT_BACKOFF)).toThrow(RangeError)
    expect(() => backoffDelay(1.5, DEFAULT_BACKOFF)).toThrow(/integer/)
  })
})

describe('exactDelay', () => {
  it('is the schedule without the spread: the widget waits 1 s doubling to 30 s', () => {
    const widget = { baseMs: 1000, maxMs: 30_000 }
    const delays = Array.from({ length: 7 }, (_, n) => exactDelay(n, widget))
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
    // However long an outage lasts, the power stays finite and the cap holds.
    expect(exactDelay(5000, widget)).toBe(30_000)
  })

  it('is what backoffDelay gives without jitter (the bot and the Redis reconnections)', () => {
    const noJitter = { baseMs: 50, maxMs: 2000, jitter: 0 }
    for (let n = 0; n < 12; n++)
      expect(backoffDelay(n, noJitter, Math.random)).toBe(exactDelay(n, noJitter))
    const uncapped = { baseMs: 300, maxMs: Number.POSITIVE_INFINITY, jitter: 0 }
    expect([0, 1, 2].map((n) => backoffDelay(n, uncapped))).toEqual([300, 600, 1200])
  })
})
