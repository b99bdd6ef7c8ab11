// The capacity rows at full scale (bench/capacity/): idle streams on one instance and on
// two instances sharing Redis, each beside the raw node:http server holding as many,
// every figure the median of the runs with its spread. A target is met only when the
// median meets it at the full number of streams; at fewer (an open-file limit the bench
// could not raise) the row says so and is not marked met.
import type { CapacityScale } from '../capacity/run-capacity'
import {
  HEARTBEAT_SECONDS,
  type InstanceFigures,
  type ScaleRun,
  SIZING_HEARTBEAT_SECONDS,
  TIMED_HEARTBEAT_SECONDS,
  WINDOW_MS,
  type WindowRun,
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
  heartbeatRows(
    table,
    scales.flatMap(({ beating, quiet }) => (beating && quiet ? [[beating, quiet] as const] : [])),
    full,
    loadNote,
  )
  idleRow(table, 'one instance', single, raw)
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

/** A beat's µs per stream as a share of one core at 100,000 streams, beats `seconds` apart. */
const atTarget = (micros: Spread | undefined, seconds = HEARTBEAT_SECONDS): Spread | undefined =>
  micros && spreadOf(micros.runs.map((beat) => (beat * TARGET_STREAMS) / (seconds * 1e6)))
/** The heartbeat's target at that scale (<= 3 % of one core), judged only at full scale. */
const shareVerdict = (share: Spread | undefined, full: boolean): Verdict =>
  full ? verdict((share?.median ?? Infinity) <= 0.03) : 'n/a'

/**
 * What a beat costs an operator, per stream: the whole process's CPU over the window
 * on an instance beating every TIMED_HEARTBEAT_SECONDS, minus the same window on an
 * instance holding the same streams with no beat in it, over the pings the streams heard
 * in the window. Sweeps and whatever else an idle process does weigh on both windows
 * and cancel; what the beats cause later in the window (their garbage) stays in. Zero
 * pings (no beat reached the streams): undefined.
 */
export function beatMicros(beating: WindowRun, quiet: WindowRun): number | undefined {
  const b = beating.instances[0]
  const q = quiet.instances[0]
  if (!b || !q || beating.pings <= 0) return undefined
  return ((b.idleCpu - q.idleCpu) * WINDOW_MS * 1000) / beating.pings
}

/**
 * The heartbeat's cost per stream and beat (each run's beating window against its quiet
 * one), and that at the target's scale at the default interval and at the one Sizing
 * advises at 100,000 streams.
 */
function heartbeatRows(
  table: Rows,
  pairs: (readonly [WindowRun, WindowRun])[],
  full: boolean,
  loadNote: string,
) {
  const runs = pairs.flatMap(([beating, quiet]) => {
    const micros = beatMicros(beating, quiet)
    return micros === undefined ? [] : [micros]
  })
  if (runs.length === 0) {
    table.skip('heartbeat CPU: no beating and quiet windows were measured (--no-quiet or --quick)')
    return
  }
  const beats = spreadOf(runs)
  const streams = Math.min(...pairs.map(([run]) => run.instances[0]?.streams ?? 0))
  const pings = Math.min(...pairs.map(([beating]) => beating.pings))
  const method = `the whole process's CPU over ${WINDOW_MS / 1000} s beating every ${TIMED_HEARTBEAT_SECONDS} s (at least ${pings} pings heard), minus the same window on an instance holding the same streams with no beat, per ping (${runs.length} runs)`
  table.info(
    'SSE: heartbeat CPU per stream and beat, one instance',
    withSpread(beats, MICROS),
    'the same window with no beat',
  )
  for (const seconds of [HEARTBEAT_SECONDS, SIZING_HEARTBEAT_SECONDS]) {
    const share = atTarget(beats, seconds)
    const setting =
      seconds === SIZING_HEARTBEAT_SECONDS
        ? ` (HEARTBEAT_SECONDS=${seconds}, as Sizing advises at ${TARGET_STREAMS} streams)`
        : ' (share of one core)'
    table.add(
      {
        metric: `SSE: heartbeat CPU at ${TARGET_STREAMS} streams every ${seconds} s${setting}, one instance`,
        porthole: withSpread(share, PERCENT),
        baseline: '—',
        ratio: '—',
        target: '<= 3 %',
        met: shareVerdict(share, full),
      },
      `${method}, times ${TARGET_STREAMS} streams every ${seconds} s${full ? '' : `; measured at ${streams} streams`}; ${loadNote}`,
    )
  }
}

/** The idle instance's whole CPU over the window: what holding the streams costs, beats and all. */
function idleRow(table: Rows, where: string, runs: ScaleRun[], raw: ScaleRun[] | undefined) {
  const idle = spread(runs, (run) => worst(run, (i) => i.idleCpu))
  const rawIdle = raw && spread(raw, (run) => worst(run, (i) => i.idleCpu))
  table.info(
    `SSE: idle CPU over ${WINDOW_MS / 1000} s, the whole process (share of one core), ${where}`,
    withSpread(idle, PERCENT),
    raw ? `${withSpread(rawIdle, PERCENT)} (raw node:http)` : '—',
    raw ? ratioOf(idle?.median, rawIdle?.median) : '—',
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
  idleRow(table, 'each of two instances on Redis', pairs, undefined)
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
