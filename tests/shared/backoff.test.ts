import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_BACKOFF } from '../../shared/backoff'

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
