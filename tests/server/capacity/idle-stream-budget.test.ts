import { describe, expect, it } from 'vitest'
import { useProbeChild } from '../support/probe-child'
import { openStream, sessions } from '../support/stream-client'

// The capacity budget: what an idle visitor stream keeps in the backend, counted (live
// heap after full collections, live timers), never timed. 100,000 streams on one
// instance (docs/operators/sizing.md) rest on these staying where they are.

const STREAMS = 2000
/**
 * Live heap per idle stream (memory store): 6.7–7.0 KB measured, about 0.4 KB more before the stream hub
 * and the fan-out stopped keeping a Set per one-tab visitor. Most of it is Node's own
 * (socket, HTTP parser, request and response objects, the response head).
 */
const HEAP_PER_STREAM_CEILING = 8 * 1024

/** `timers`: created since the last measurement and still alive; `sets`, `maps`: live now. */
type Measured = { heapUsed: number; timers: number; sets: number; maps: number }

const probe = useProbeChild('idle-stream-probe.ts', ['--expose-gc'])

function measure(): Promise<Measured> {
  return probe.ask<Measured>('measure', 'measured')
}

describe(`${STREAMS} idle streams in the backend`, () => {
  it('keep no timer of their own and stay under the heap budget per stream', async () => {
    const tokens = await sessions(probe.url, STREAMS)
    // One stream first: whatever the first one sets up once (code, caches) is not per stream.
    const [first = '', ...rest] = tokens
    await openStream(probe.url, first, probe.sockets)
    const before = await measure()
    for (let i = 0; i < rest.length; i += 100)
      await Promise.all(
        rest.slice(i, i + 100).map((token) => openStream(probe.url, token, probe.sockets)),
      )
    const after = await measure()
    const perStream = (after.heapUsed - before.heapUsed) / rest.length
    // A timer per stream would leave ~2,000; Node's own (the Date header's cache, renewed
    // each second) may have been renewed meanwhile.
    expect(after.timers).toBeLessThanOrEqual(2)
    console.info(
      `idle stream: ${perStream.toFixed(0)} B of live heap each, ${after.timers} timer(s)`,
    )
    // A visitor with one tab holds its stream and its listener as themselves, not in a
    // Set each (hub and fan-out): none per stream, a Map of its own neither.
    expect((after.sets - before.sets) / rest.length).toBeLessThan(0.05)
    expect((after.maps - before.maps) / rest.length).toBeLessThan(0.05)
    expect(perStream).toBeGreaterThan(0)
    expect(perStream).toBeLessThan(HEAP_PER_STREAM_CEILING)
  }, 120_000)
})
