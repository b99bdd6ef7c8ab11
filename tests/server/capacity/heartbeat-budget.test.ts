import { describe, expect, it } from 'vitest'
import type { Counts } from '../support/heartbeat-probe'
import { useProbeChild } from '../support/probe-child'
import { openStream, sessions } from '../support/stream-client'

// The heartbeat's budget: what one beat costs each idle stream, counted in the backend
// (tests/server/support/heartbeat-probe.ts), never timed. At 100,000 streams a beat is
// 100,000 of these (docs/operators/sizing.md): one system call each is the floor, and
// anything per stream on top (a string encoded, a write gathered from pieces, a nextTick,
// a timer or a promise) is paid 100,000 times.

const STREAMS = 2000

const probe = useProbeChild('heartbeat-probe.ts')

describe(`a heartbeat over ${STREAMS} idle streams`, () => {
  it('costs each stream one write of one shared buffer, and no nextTick, timer or promise of its own', async () => {
    const tokens = await sessions(probe.url, STREAMS)
    for (let i = 0; i < tokens.length; i += 100)
      await Promise.all(
        tokens.slice(i, i + 100).map((token) => openStream(probe.url, token, probe.sockets)),
      )
    await probe.ask('mark', 'marked')
    // Every stream beats at least twice (a beat a second): counted per write, so a walk
    // still under way when the counts are read changes nothing.
    let counts: Counts | undefined
    await expect
      .poll(async () => {
        counts = await probe.ask<Counts>('counts', 'counts')
        return counts.sockets === STREAMS && counts.minBeats >= 2
      })
      .toBe(true)
    const { writes, beats, gatheredPieces, stringWrites, resources } = counts as Counts
    const per = (n: number | undefined) => (n ?? 0) / beats
    console.info(
      `heartbeat: ${beats} beats over ${STREAMS} streams; per beat ${per(writes).toFixed(3)} socket writes, ` +
        `${per(gatheredPieces).toFixed(2)} gathered pieces, ${per(resources.TickObject).toFixed(2)} nextTicks, ` +
        `${per(resources.PROMISE).toFixed(3)} promises, ${per(resources.Timeout).toFixed(3)} timers, ` +
        `${per(resources.Immediate).toFixed(3)} immediates`,
    )
    expect(beats).toBeGreaterThanOrEqual(2 * STREAMS)
    // An idle stream is written nothing but its beats, each in one write of one buffer
    // (res.write sent four pieces, size, CRLF, the string, CRLF, gathered a tick later).
    expect(writes).toBe(beats)
    expect(gatheredPieces).toBe(0)
    expect(stringWrites).toBe(0)
    // The write's own completion is one nextTick (Node's); res.write added a second to uncork.
    expect(per(resources.TickObject)).toBeLessThanOrEqual(1)
    // A walk yields every 256 streams; anything per stream would be 1 or more per beat.
    expect(per(resources.Immediate)).toBeLessThan(0.05)
    expect(per(resources.Timeout)).toBeLessThan(0.05)
    expect(per(resources.PROMISE)).toBeLessThan(0.05)
  }, 120_000)
})
