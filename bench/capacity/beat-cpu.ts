// The heartbeat's own CPU in the capacity phase: the server's CPU time sampled through
// the idle window, and the spans in which its beats reached the holders' streams. A beat
// costs what the server used from just before its first ping arrived to just after its
// last; whatever else the idle process does (a garbage collection after the streams
// opened, a sweep) is left out unless it falls inside a beat, and the median over the
// beats of the runs leaves that out too.
import { BEAT_GAP_MS } from './protocol'

/** The server's CPU time so far (ms) at a moment (ms since the epoch). */
export type CpuSample = { at: number; cpuMs: number }
/** A beat as the streams heard it: its first and last ping (ms since the epoch). */
export type BeatSpan = { first: number; last: number }

/** One span per beat from the spans each holder saw (a beat reaches all holders together). */
export function mergeBeats(spans: BeatSpan[], gapMs = BEAT_GAP_MS): BeatSpan[] {
  const merged: BeatSpan[] = []
  for (const span of [...spans].sort((a, b) => a.first - b.first)) {
    const last = merged.at(-1)
    if (last && span.first - last.last < gapMs) last.last = Math.max(last.last, span.last)
    else merged.push({ ...span })
  }
  return merged
}

/**
 * The server's CPU (ms) in each beat the samples wholly cover: from the last sample at
 * least `marginMs` before its first ping to the first sample at least `marginMs` after
 * its last (the write precedes the arrival by little on loopback).
 */
export function beatCpu(samples: CpuSample[], beats: BeatSpan[], marginMs = 150): number[] {
  const used: number[] = []
  for (const beat of beats) {
    const before = samples.filter((s) => s.at <= beat.first - marginMs).at(-1)
    const after = samples.find((s) => s.at >= beat.last + marginMs)
    if (before && after) used.push(after.cpuMs - before.cpuMs)
  }
  return used
}
