import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from '../../../server/bot/retry-after'

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter(' 5 ', NOW)).toBe(5000)
  })

  it('reads an HTTP date, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:07 GMT', NOW)).toBe(7000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', NOW)).toBe(0)
  })

  it('is undefined when absent or unreadable', () => {
    for (const header of [null, '', 'soon', '-1', '1.5']) {
      expect(parseRetryAfter(header, NOW)).toBeUndefined()
    }
  })
})
