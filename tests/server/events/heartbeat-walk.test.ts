import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStreamHub, type StreamHub } from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createFakeResponse, openFakeStream } from '../support/fake-response'

// The heartbeat walks every stream a slice per event-loop turn. With 100,000 streams on a
// busy loop a walk can outlast the interval: the next tick must not start a second walk.

let hub: StreamHub | undefined
afterEach(() => {
  hub?.close()
  vi.useRealTimers()
})

const PING = ': ping\n\n'
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('the heartbeat walk', () => {
  it('skips a tick while the last walk is still writing, and resumes once it ended', async () => {
    // Only the interval is faked: the walk's slices run on real event-loop turns.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    hub = createStreamHub({
      store: createMemoryStore(),
      logger: silentLogger,
      heartbeatMs: 1000,
      writeSlice: 1,
    })
    const tabs = Array.from({ length: 4 }, () => createFakeResponse())
    for (const [i, tab] of tabs.entries()) await openFakeStream(hub, `v${i}`, tab)
    const pings = () => tabs.map((tab) => tab.chunks.filter((chunk) => chunk === PING).length)
    // Three ticks before the first walk could write its second slice.
    vi.advanceTimersByTime(3000)
    for (let turn = 0; turn < tabs.length + 1; turn++) await nextTurn()
    expect(pings()).toEqual([1, 1, 1, 1])
    // The walk ended: the next tick walks again.
    vi.advanceTimersByTime(1000)
    for (let turn = 0; turn < tabs.length + 1; turn++) await nextTurn()
    expect(pings()).toEqual([2, 2, 2, 2])
  })
})
