import { describe, expect, it } from 'vitest'
import { percentile, spreadOf } from '../../../bench/lib/stats'

describe('spreadOf', () => {
  it('gives the median, the lowest and the highest of the runs, in run order', () => {
    expect(spreadOf([4495, 5015, 4587])).toEqual({
      median: 4587,
      min: 4495,
      max: 5015,
      runs: [4495, 5015, 4587],
    })
  })

  it('averages the two middle runs of an even count', () => {
    expect(spreadOf([10, 40, 20, 30])?.median).toBe(25)
  })

  it('leaves out runs that produced no figure, and is undefined when none did', () => {
    expect(spreadOf([undefined, 3, Number.NaN, 5])).toMatchObject({ median: 4, runs: [3, 5] })
    expect(spreadOf([undefined])).toBeUndefined()
    expect(spreadOf([])).toBeUndefined()
  })
})

describe('percentile', () => {
  const thousand = Array.from({ length: 1000 }, (_, i) => i + 1)

  it('is the nearest rank', () => {
    expect(percentile(thousand, 50)).toBe(500)
    expect(percentile(thousand, 99)).toBe(990)
    expect(percentile(thousand, 100)).toBe(1000)
    expect(percentile([7], 99)).toBe(7)
  })

  it('is undefined for no samples', () => {
    expect(percentile([], 50)).toBeUndefined()
  })
})
