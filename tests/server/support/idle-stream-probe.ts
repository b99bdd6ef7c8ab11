// The backend in a child process of tests/server/capacity/idle-stream-budget.test.ts, run
// with --expose-gc: the memory store, a real socket, and on request its own live heap
// (after full collections), its live timers and its Sets and Maps, so the test counts what each idle stream
// keeps in the server and nothing of the client's.
import { createHook } from 'node:async_hooks'
import { queryObjects } from 'node:v8'
import { runProbeBackend } from './probe-backend'

// Timers (setTimeout/setInterval, ref'd or not) created since the last measurement and
// not destroyed yet: what opening the streams left running.
let timers = new Set<number>()
createHook({
  init(asyncId, type) {
    if (type === 'Timeout') timers.add(asyncId)
  },
  destroy(asyncId) {
    timers.delete(asyncId)
  },
}).enable()

const gc = globalThis.gc
if (!gc) throw new Error('run the probe with node --expose-gc')

async function measure() {
  // Collections until the heap stops shrinking: what is left is what is reachable.
  let heap = Number.POSITIVE_INFINITY
  for (let i = 0; i < 10; i++) {
    gc?.()
    await new Promise((resolve) => setImmediate(resolve))
    const used = process.memoryUsage().heapUsed
    if (used >= heap - 1024) break
    heap = used
  }
  const created = timers.size
  timers = new Set()
  // Live objects of the kinds a stream could keep one of per visitor (counts, exact).
  const count = (kind: new () => object) =>
    (queryObjects as (c: unknown, o: { format: 'count' }) => number)(kind, {
      format: 'count',
    })
  return {
    heapUsed: process.memoryUsage().heapUsed,
    timers: created,
    sets: count(Set),
    maps: count(Map),
  }
}

await runProbeBackend({}, async (message) =>
  message === 'measure' ? { measured: await measure() } : undefined,
)
