import { describe, expect, it } from 'vitest'
import { benchText, DeliveryTally } from '../../../bench/load/delivery-tally'

// What reaches the tally: the data of one SSE event.
const event = (seq: number) => JSON.stringify({ id: '7', text: benchText(seq) })

describe('DeliveryTally', () => {
  it('times each delivery from its send, on one clock', () => {
    const tally = new DeliveryTally()
    tally.sent(1, 100)
    tally.sent(2, 105)
    tally.acknowledged(1)
    tally.acknowledged(2)
    tally.received(event(2), 109)
    tally.received(event(1), 112)
    expect(tally.latencies()).toEqual([4, 12])
    expect(tally.deliveredCount).toBe(2)
    expect(tally.lost()).toBe(0)
  })

  it('counts an acknowledged webhook that never arrived as lost, an unacknowledged one not', () => {
    const tally = new DeliveryTally()
    for (const seq of [1, 2, 3]) tally.sent(seq, 0)
    tally.acknowledged(1)
    tally.acknowledged(2)
    tally.received(event(1), 5)
    expect(tally.lost()).toBe(1)
    expect(tally.ackedCount).toBe(2)
  })

  it('counts a second arrival as a duplicate, keeping the first latency', () => {
    const tally = new DeliveryTally()
    tally.sent(9, 10)
    tally.acknowledged(9)
    tally.received(event(9), 13)
    tally.received(event(9), 50)
    expect(tally.duplicates).toBe(1)
    expect(tally.latencies()).toEqual([3])
  })

  it("ignores other events and other phases' events", () => {
    const tally = new DeliveryTally()
    tally.sent(1, 0)
    tally.received('{"upTo":"7"}', 1)
    tally.received(event(42), 1)
    expect(tally.deliveredCount).toBe(0)
    expect(tally.duplicates).toBe(0)
  })
})
