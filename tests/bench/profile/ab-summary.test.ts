import { describe, expect, it } from 'vitest'
import { median, pairOrder, ratioSummary } from '../../../bench/profile/ab-summary'

describe('webhook A/B summary', () => {
  it('runs the two builds by turns', () => {
    expect([0, 1, 2, 3].map(pairOrder)).toEqual([
      ['base', 'new'],
      ['new', 'base'],
      ['base', 'new'],
      ['new', 'base'],
    ])
  })

  it('takes the middle value, the lower one of an even count', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2)
    expect(median([])).toBeNaN()
  })

  it('prints the median ratio with its spread', () => {
    expect(ratioSummary([1.4, 1.1, 1.234])).toBe('1.23× raw (1.10–1.40)')
  })
})
