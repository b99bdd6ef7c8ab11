import { describe, expect, it } from 'vitest'
import { outOfOrder, tally, unionTally } from '../../../bench/drill/tally'

const keys = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`)

describe('tally', () => {
  it('counts 10,000 arrivals: delivered, lost, duplicated, unexpected', () => {
    const sent = keys(10_000)
    const received = [...sent.slice(0, 9990), 'm5', 'm5', 'm42', 'stranger']
    expect(tally(sent, received)).toEqual({
      sent: 10_000,
      delivered: 9990,
      lost: 10,
      duplicated: 3,
      unexpected: 1,
      lostExamples: ['m9990', 'm9991', 'm9992', 'm9993', 'm9994'],
    })
  })

  it('counts a key sent twice once', () => {
    expect(tally(['a', 'a', 'b'], ['a', 'b']).sent).toBe(2)
  })
})

describe('outOfOrder', () => {
  it('is 0 for the sent order, with unknown keys and repeats in between', () => {
    expect(outOfOrder(keys(1000), ['x', ...keys(1000), 'm3'])).toBe(0)
  })

  it('counts each arrival that comes after a later one', () => {
    expect(outOfOrder(keys(5), ['m0', 'm2', 'm1', 'm3', 'm4'])).toBe(1)
    expect(outOfOrder(keys(5), ['m4', 'm3', 'm2', 'm1', 'm0'])).toBe(4)
  })
})

describe('unionTally', () => {
  it('delivers what any view holds; duplicates are the worst view, not the overlap', () => {
    const sent = keys(300)
    const stream = sent.slice(0, 200)
    const history = [...sent.slice(100), 'm150']
    expect(unionTally(sent, [stream, history])).toMatchObject({
      delivered: 300,
      lost: 0,
      duplicated: 1,
    })
    expect(unionTally(sent, [stream])).toMatchObject({ delivered: 200, lost: 100, duplicated: 0 })
  })
})
