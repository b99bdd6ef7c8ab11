import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStreamHub, type StreamHub } from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createFakeResponse, openFakeStream } from '../support/fake-response'

// What a walk over every stream (a heartbeat, a status broadcast) keeps alive while it
// runs, counted in bytes of live heap, never timed. A walk writes 256 streams per
// event-loop turn, so over 100,000 streams it spans hundreds of turns: anything it holds
// per stream meanwhile (a copy of every stream, as the walk once made) outlives the young
// generation's collections, is promoted on every beat and fills the old generation,
// whose full collections then cost the idle server CPU (docs/benchmarks.md, "The
// heartbeat's CPU"). Walking the live map holds nothing per stream.

const STREAMS = 10_000
/** Walks under way at once, measured together so their holdings stand out of the heap's noise. */
const WALKS = 40
/** Bytes per stream one walk under way may hold: a copy of the streams is 8 or more. */
const HELD_PER_STREAM_CEILING = 2

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void
/** Live heap after full collections. */
function liveHeap(): number {
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

let hub: StreamHub | undefined
afterEach(() => {
  hub?.close()
  vi.useRealTimers()
})

describe(`walks over ${STREAMS} streams`, () => {
  it('hold nothing per stream while they span event-loop turns', async () => {
    // The walks' turns are faked, so the test holds them after their first slice.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setImmediate'] })
    hub = createStreamHub({
      store: createMemoryStore(),
      logger: silentLogger,
      heartbeatMs: 3_600_000,
    })
    let writes = 0
    for (let i = 0; i < STREAMS; i++) {
      const tab = createFakeResponse()
      await openFakeStream(hub, `v${i}`, tab)
      // Counts the walks' writes without keeping them.
      tab.write = () => {
        writes += 1
        return true
      }
    }
    const finishWalks = (walks: number) => {
      for (let turn = 0; turn < (walks * STREAMS) / 256 + walks && writes < walks * STREAMS; turn++)
        vi.advanceTimersToNextTimer()
      expect(writes).toBe(walks * STREAMS)
      writes = 0
    }
    // One whole walk first, so what the code allocates once is there before measuring.
    hub.broadcast('status', { online: true })
    finishWalks(1)
    const before = liveHeap()
    for (let walk = 0; walk < WALKS; walk++) hub.broadcast('status', { online: walk % 2 === 0 })
    expect(writes).toBe(WALKS * 256)
    const during = liveHeap()
    finishWalks(WALKS)
    const after = liveHeap()
    const perStream = (during - after) / WALKS / STREAMS
    console.info(
      `walks: ${perStream.toFixed(2)} bytes held per stream and walk under way (live heap ${before} before, ${during} during, ${after} after)`,
    )
    expect(perStream).toBeLessThan(HELD_PER_STREAM_CEILING)
  }, 60_000)
})
