// The capacity rows at full scale (bench/capacity/): idle streams on one instance and on
// two instances sharing Redis, each beside the raw node:http server holding as many,
// every figure the median of the runs with its spread. A target is met only when the
// median meets it at the full number of streams; at fewer (an open-file limit the bench
// could not raise) the row says so and is not marked met.
import type { CapacityScale } from '../capacity/run-capacity'
import {
  type BeatRun,
  HEARTBEAT_SECONDS,
  type InstanceFigures,
  type ScaleRun,
  SIZING_HEARTBEAT_SECONDS,
} from '../capacity/scale'
import { type Spread, spreadOf } from '../lib/stats'
import type { Verdict } from '../lib/table'
import { COUNT, KBYTES, MS, one, ratioOf, type Unit, verdict, withSpread } from './format'
import type { Rows } from './rows'

const PERCENT = { digits: 2, suffix: ' %', scale: 100 }

/** The instance of a run with the highest value of `figure` (the pair: the worse one). */
const worst = (run: ScaleRun, figure: (instance: InstanceFigures) => number) =>
  Math.max(...run.instances.map(figure))

function spread(
  runs: ScaleRun[],
  figure: (run: ScaleRun) => number | undefined,
): Spread | undefined {
  return spreadOf(runs.map(figure))
}

export function scaleRows(table: Rows, scales: CapacityScale[]): void {
  if (scales.length === 0) return
  const limit = scales[0]?.openFiles
  const single = scales.map((scale) => scale.single)
  const raw = scales.map((scale) => scale.raw)
  const pairs = scales.flatMap((scale) => (scale.pair ? [scale.pair] : []))
  const wanted = single[0]?.wanted ?? 0
  const held = spread(single, (run) => run.opened)
  const full = (held?.min ?? 0) >= wanted
  const scaleNote = full
    ? ''
    : `measured at ${one(held?.median, COUNT)} streams, not ${wanted}: ${limit?.note ?? 'streams failed to open'}`
  /** A verdict only at full scale. */
  const at = (ok: boolean): Verdict => (full ? verdict(ok) : 'n/a')
  const loads = scales.flatMap((scale) =>
    [scale.single, scale.raw, scale.pair].flatMap((run) => (run ? [run.loadAverage[0] ?? 0] : [])),
  )
  const loadNote = `load average ${withSpread(spreadOf(loads), { digits: 1, suffix: '' })} during these runs`

  table.add(
    {
      metric: 'SSE: idle streams held on one instance',
      porthole: withSpread(held, COUNT),
      baseline: `${withSpread(
        spread(raw, (run) => run.opened),
        COUNT,
      )} (raw node:http)`,
      ratio: '—',
      target: `${wanted}`,
      met: verdict(full),
    },
    scaleNote,
  )
  const rss = spread(single, (run) => worst(run, (i) => i.rssPerStream))
  const rawRss = spread(raw, (run) => worst(run, (i) => i.rssPerStream))
  const rssRatio = rss && rawRss ? rss.median / rawRss.median : undefined
  table.add(
    {
      metric: 'SSE: RSS per idle stream, one instance (at scale)',
      porthole: withSpread(rss, KBYTES),
      baseline: `${withSpread(rawRss, KBYTES)} (raw node:http)`,
      ratio: ratioOf(rss?.median, rawRss?.median),
      target: '<= 1.15x raw',
      met: at(rssRatio !== undefined && rssRatio <= 1.15),
    },
    `${loadNote}; each stream also holds a verified token, a store subscription and the headers of its response`,
  )
  table.info(
    'SSE: open descriptors per stream (server)',
    withSpread(
      spread(single, (run) => worst(run, (i) => i.fdsPerStream)),
      { digits: 2, suffix: '' },
    ),
    `${withSpread(
      spread(raw, (run) => worst(run, (i) => i.fdsPerStream)),
      { digits: 2, suffix: '' },
    )} (raw node:http)`,
  )
  heartbeatRows(table, 'one instance', single, raw, full, loadNote)
  longBeatRow(
    table,
    scales.flatMap((scale) => (scale.longBeat ? [scale.longBeat] : [])),
  )
  statusRow(table, 'one instance', single, full, loadNote)
  steadyRows(table, 'one instance', single, raw, full, loadNote)
  if (pairs.length === 0) {
    const why = scales.find((scale) => scale.pairSkipped)?.pairSkipped
    table.skip(`two instances on Redis: ${why ?? 'not run'}`)
    return
  }
  pairRows(table, pairs, raw, loadNote)
}

/** The target's scale: 100,000 streams on one instance, beating every HEARTBEAT_SECONDS. */
const TARGET_STREAMS = 100_000
const MICROS: Unit = { digits: 1, suffix: ' µs' }

/** Every beat timed in the runs (each instance's), µs per stream. */
const beatsOf = (runs: (ScaleRun | BeatRun)[]) =>
  spreadOf(runs.flatMap((run) => run.instances.flatMap((i) => i.beatMicros)))
/** A beat's µs per stream as a share of one core at 100,000 streams, beats `seconds` apart. */
const atTarget = (micros: Spread | undefined, seconds = HEARTBEAT_SECONDS): Spread | undefined =>
  micros && spreadOf(micros.runs.map((beat) => (beat * TARGET_STREAMS) / (seconds * 1e6)))
/** The heartbeat's target at that scale (<= 3 % of one core), judged only at full scale. */
const shareVerdict = (share: Spread | undefined, full: boolean): Verdict =>
  full ? verdict((share?.median ?? Infinity) <= 0.03) : 'n/a'

/**
 * The heartbeat by itself (the server's CPU while each beat reached the streams, per
 * stream and beat, and that at the target's scale), and the idle window's whole CPU.
 */
function heartbeatRows(
  table: Rows,
  where: string,
  runs: ScaleRun[],
  raw: ScaleRun[] | undefined,
  full: boolean,
  loadNote: string,
) {
  const beats = beatsOf(runs)
  const rawBeats = raw && beatsOf(raw)
  const baseline = (text: string) => (raw ? `${text} (raw node:http)` : '—')
  table.add(
    {
      metric: `SSE: heartbeat CPU per stream and beat, ${where}`,
      porthole: withSpread(beats, MICROS),
      baseline: baseline(withSpread(rawBeats, MICROS)),
      ratio: raw ? ratioOf(beats?.median, rawBeats?.median) : '—',
      target: '—',
      met: '—',
    },
    `the server's CPU from just before each beat's first ping reached a stream to just after its last, over ${beats?.runs.length ?? 0} beats of the runs; ${loadNote}`,
  )
  const streams = Math.min(...runs.map((run) => Math.min(...run.instances.map((i) => i.streams))))
  const share = atTarget(beats)
  table.add(
    {
      metric: `SSE: heartbeat CPU at ${TARGET_STREAMS} streams every ${HEARTBEAT_SECONDS} s (share of one core), ${where}`,
      porthole: withSpread(share, PERCENT),
      baseline: baseline(withSpread(atTarget(rawBeats), PERCENT)),
      ratio: raw ? ratioOf(beats?.median, rawBeats?.median) : '—',
      target: '<= 3 %',
      met: shareVerdict(share, full),
    },
    `the cost per stream and beat above times ${TARGET_STREAMS} streams, every ${HEARTBEAT_SECONDS} s${full ? '' : `; measured at ${streams} streams per instance`}`,
  )
  const idle = spread(runs, (run) => worst(run, (i) => i.idleCpu))
  const rawIdle = raw && spread(raw, (run) => worst(run, (i) => i.idleCpu))
  table.info(
    `SSE: idle CPU over 50 s, two beats and all else (share of one core), ${where}`,
    withSpread(idle, PERCENT),
    baseline(withSpread(rawIdle, PERCENT)),
    raw ? ratioOf(idle?.median, rawIdle?.median) : '—',
  )
}

/**
 * The heartbeat alone with the HEARTBEAT_SECONDS Sizing advises at 100,000 streams
 * (timed at that interval, not scaled from the default's beats: a beat after a longer
 * quiet may cost more per stream).
 */
function longBeatRow(table: Rows, runs: BeatRun[]) {
  const seconds = runs[0]?.heartbeatSeconds
  if (seconds === undefined) return
  const beats = beatsOf(runs)
  const share = atTarget(beats, seconds)
  const streams = Math.min(...runs.flatMap((run) => run.instances.map((i) => i.streams)))
  const full = runs.every((run) => run.opened >= run.wanted)
  const loads = spreadOf(runs.map((run) => run.loadAverage[0] ?? 0))
  const setting =
    seconds === SIZING_HEARTBEAT_SECONDS
      ? `HEARTBEAT_SECONDS=${seconds}, as Sizing advises at ${TARGET_STREAMS} streams`
      : `HEARTBEAT_SECONDS=${seconds}`
  table.info(
    `SSE: heartbeat CPU per stream and beat ${seconds} s apart, one instance (${setting})`,
    withSpread(beats, MICROS),
    '—',
  )
  table.add(
    {
      metric: `SSE: heartbeat CPU at ${TARGET_STREAMS} streams every ${seconds} s (${setting}), one instance`,
      porthole: withSpread(share, PERCENT),
      baseline: '—',
      ratio: '—',
      target: '<= 3 %',
      met: shareVerdict(share, full),
    },
    `${withSpread(beats, MICROS)} per stream and beat over ${beats?.runs.length ?? 0} beats ${seconds} s apart, times ${TARGET_STREAMS} streams${full ? '' : `; measured at ${streams} streams`}; load average ${withSpread(loads, { digits: 1, suffix: '' })}`,
  )
}

function statusRow(table: Rows, where: string, runs: ScaleRun[], full: boolean, loadNote: string) {
  const status = spread(runs, (run) => run.statusMs)
  const reached = Math.min(...runs.map((run) => run.statusReached ?? 0))
  const streams = Math.min(...runs.map((run) => run.opened))
  table.add(
    {
      metric: `SSE: a status change reaching every stream, ${where}`,
      porthole: withSpread(status, MS),
      baseline: '—',
      ratio: '—',
      target: '<= 2 s',
      met: full
        ? verdict(status !== undefined && reached >= streams && status.median <= 2000)
        : 'n/a',
    },
    `${reached} of ${streams} streams heard it in every run; ${loadNote}`,
  )
}

function steadyRows(
  table: Rows,
  where: string,
  runs: ScaleRun[],
  raw: ScaleRun[],
  full: boolean,
  loadNote: string,
) {
  const rate = runs[0]?.steady.rate ?? 0
  const p99 = spread(runs, (run) => run.steady.p99)
  const rawP99 = spread(raw, (run) => run.steady.p99)
  table.add(
    {
      metric: `SSE: webhooks delivered p99, ${rate}/s while the streams are held, ${where}`,
      porthole: withSpread(p99, MS),
      baseline: `${withSpread(rawP99, MS)} (raw node:http)`,
      ratio: ratioOf(p99?.median, rawP99?.median),
      target: '< 50 ms',
      met: full ? verdict((p99?.median ?? Infinity) < 50) : 'n/a',
    },
    `timed from the webhook sent to its event read by a holder process, across processes on one clock; ${loadNote}`,
  )
  const moved = runs.reduce((sum, run) => sum + (run.moved ?? 0), 0)
  const movingP99 = spread(runs, (run) => run.moving?.p99)
  if (movingP99)
    table.add(
      {
        metric: `SSE: webhooks delivered p99, ${rate}/s while ${moved / runs.length} streams move between instances, ${where}`,
        porthole: withSpread(movingP99, MS),
        baseline: `${withSpread(p99, MS)} (the same, the streams held)`,
        ratio: ratioOf(movingP99.median, p99?.median),
        target: '—',
        met: '—',
      },
      `a second phase of webhooks in which the streams move a third of the way in, all at once, as when an instance goes away: a moved stream's own messages wait for it to come back, and every visitor's wait for the CPU the reconnections take; ${loadNote}`,
    )
  const phases = runs.flatMap((run) => (run.moving ? [run.steady, run.moving] : [run.steady]))
  const lost = phases.reduce((sum, phase) => sum + phase.lost, 0)
  const duplicates = phases.reduce((sum, phase) => sum + phase.duplicates, 0)
  table.add(
    {
      metric: `SSE: acknowledged but lost / duplicated, ${where}${moved ? ` (${moved} streams moved between instances)` : ''}`,
      porthole: `${lost} / ${duplicates}`,
      baseline: '—',
      ratio: '—',
      target: '0 / 0',
      met: verdict(lost === 0 && duplicates === 0),
    },
    'an acknowledged webhook must reach its stream once, wherever the stream is',
  )
}

function pairRows(table: Rows, pairs: ScaleRun[], raw: ScaleRun[], loadNote: string) {
  const wanted = pairs[0]?.wanted ?? 0
  const held = spread(pairs, (run) => run.opened)
  const full = (held?.min ?? 0) >= wanted
  table.add(
    {
      metric: 'SSE: idle streams held by two instances on one Redis',
      porthole: withSpread(held, COUNT),
      baseline: '—',
      ratio: '—',
      target: `${wanted} (${wanted / 2} each)`,
      met: verdict(full),
    },
    `measured at ${one(held?.median, COUNT)} streams: the open-file limit of each instance`,
  )
  const rss = spread(pairs, (run) => worst(run, (i) => i.rssPerStream))
  const rawRss = spread(raw, (run) => worst(run, (i) => i.rssPerStream))
  table.add(
    {
      metric: 'SSE: RSS per idle stream, the worse of two instances on Redis',
      porthole: withSpread(rss, KBYTES),
      baseline: `${withSpread(rawRss, KBYTES)} (raw node:http, one instance)`,
      ratio: ratioOf(rss?.median, rawRss?.median),
      target: '<= 1.15x raw',
      met: full
        ? verdict(rss !== undefined && rawRss !== undefined && rss.median <= 1.15 * rawRss.median)
        : 'n/a',
    },
    `each visitor with a stream is also a Redis channel this instance subscribes to; ${loadNote}`,
  )
  heartbeatRows(table, 'each of two instances on Redis', pairs, undefined, full, loadNote)
  statusRow(table, 'two instances on Redis', pairs, full, loadNote)
  steadyRows(table, 'two instances on Redis', pairs, raw, full, loadNote)
  const perVisitor = spread(pairs, (run) =>
    run.redisMemory
      ? ((run.redisMemory.sessions - run.redisMemory.empty) / run.redisMemory.visitors) * 1000
      : undefined,
  )
  // A conversation here: a session, an open stream (a channel its instance subscribes
  // to) and its share of the webhooks.
  const perConversation = spread(pairs, (run) =>
    run.redisMemory
      ? ((run.redisMemory.messages - run.redisMemory.empty) / run.redisMemory.visitors) * 1000
      : undefined,
  )
  table.info(
    'Redis: used_memory per 1,000 visitors with a session / per 1,000 conversations (session, stream, webhooks)',
    `${withSpread(perVisitor, KBYTES)} / ${withSpread(perConversation, KBYTES)}`,
    'INFO memory before and after',
  )
}
