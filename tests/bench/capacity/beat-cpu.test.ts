import { describe, expect, it } from 'vitest'
import { beatCpu, mergeBeats } from '../../../bench/capacity/beat-cpu'

describe('mergeBeats', () => {
  it('makes one beat of the spans the holders saw together, and keeps beats apart', () => {
    const spans = [
      { first: 25_100, last: 25_300 },
      { first: 1000, last: 1200 },
      { first: 1050, last: 1400 },
      { first: 25_000, last: 25_250 },
    ]
    expect(mergeBeats(spans)).toEqual([
      { first: 1000, last: 1400 },
      { first: 25_000, last: 25_300 },
    ])
  })
})

describe('beatCpu', () => {
  // CPU time sampled every 100 ms: 2 ms a sample while idle, a beat of 100 ms from 1000 to 1300.
  const samples = Array.from({ length: 30 }, (_, i) => {
    const at = i * 100
    const beat = Math.min(Math.max(at - 1000, 0), 300) / 3
    return { at, cpuMs: i * 2 + beat }
  })

  it('counts the CPU from just before a beat to just after it', () => {
    // From the sample at 800 (margin 150 before 1000) to the one at 1500 (after 1300 + 150).
    expect(beatCpu(samples, [{ first: 1000, last: 1300 }])).toEqual([100 + 7 * 2])
  })

  it('leaves out a beat the samples do not wholly cover', () => {
    expect(beatCpu(samples, [{ first: 50, last: 200 }])).toEqual([])
    expect(beatCpu(samples, [{ first: 2800, last: 2950 }])).toEqual([])
  })
})
