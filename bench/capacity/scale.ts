// The capacity phase at full scale: up to 100,000 idle streams on one instance (and
// 50,000 on each of two instances sharing Redis), held by separate holder processes,
// beside the raw node:http server holding as many. Per instance it measures memory and
// descriptors per stream, the heartbeat's CPU, how long a status change takes to reach
// every stream, and webhooks at a steady rate delivered while the streams are held.
import { readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { cpuTimeOf, rssOf } from '../../kit/processes'
import { descriptorReserve } from '../../server/operations/open-files'
import type { MeasuredServer } from '../backend/servers'
import { percentile } from '../lib/stats'
import { type Holder, holderShares, startHolders } from './holders'
import type { OpenFiles } from './open-files'
import { redisUsedMemory } from './redis-memory'
import type { StatusService } from './status-service'

const now = () => performance.timeOrigin + performance.now()
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The heartbeat's default interval (HEARTBEAT_SECONDS; the raw server's too). */
export const HEARTBEAT_SECONDS = 25
/** The interval docs/operators/sizing.md advises at 100,000 streams on one instance. */
export const SIZING_HEARTBEAT_SECONDS = 45
/** A window of two intervals holds exactly two heartbeats, wherever it starts. */
export const HEARTBEATS_TIMED = 2
/** The window over which an idle instance's CPU is read: two beats at the default. */
export const WINDOW_MS = HEARTBEATS_TIMED * HEARTBEAT_SECONDS * 1000
/**
 * The quiet instance's HEARTBEAT_SECONDS: its first beat comes long after the window
 * (it starts at least this long after the process), so the window holds none.
 */
export const QUIET_HEARTBEAT_SECONDS = 300
/**
 * The beating instance's HEARTBEAT_SECONDS for the heartbeat's cost: about 50 beats in
 * the window, not 2. A process holding streams it has just opened runs one collection of
 * about a second (its helper threads marking the heap) some 60 s later, at the window's
 * edge: with two beats it fell in one window and not the other, half or twice a beat's
 * cost. Over 50 beats such a second moves the figure by about a tenth, and the
 * collections the beats' own garbage causes are counted in proportion.
 */
export const TIMED_HEARTBEAT_SECONDS = 1
/** How long an acknowledged webhook may take to reach its stream before it counts as lost. */
const GRACE_MS = 15_000

export type InstanceFigures = {
  streams: number
  /** Server RSS before the streams opened (a fresh instance that issued nothing), bytes. */
  rssBase: number
  /** Server RSS growth per stream, bytes. */
  rssPerStream: number
  /** Open descriptors of the server per stream. */
  fdsPerStream: number
  /**
   * The idle server's whole CPU over WINDOW_MS, as a share of one core (0–1): what an
   * operator pays while the streams are held (two beats at the default 25 s, or none
   * on the quiet instance), collections and all.
   */
  idleCpu: number
}

export type ScaleRun = {
  /** Streams wanted and opened over all instances; why fewer, when fewer. */
  wanted: number
  opened: number
  failed: number
  firstFailure: string
  instances: InstanceFigures[]
  /** ms from the status change to the last stream hearing it (undefined: raw server). */
  statusMs?: number
  statusReached?: number
  /** Webhooks while every stream stays where it is. */
  steady: Deliveries
  /** Webhooks again while `moved` streams move to the other instance (pair only). */
  moving?: Deliveries
  /** Streams moved to the other instance during the `moving` phase (pair only). */
  moved?: number
  /** Redis used_memory, bytes: empty, after the sessions, after the webhooks (pair only). */
  redisMemory?: { empty: number; sessions: number; messages: number; visitors: number }
  loadAverage: number[]
}

/**
 * The same streams held through the same window by an instance with nothing else to do
 * (no status change, no webhooks): one beating every TIMED_HEARTBEAT_SECONDS, or one
 * whose heartbeat falls outside the window (the idle CPU the beats' is compared with).
 */
export type WindowRun = {
  wanted: number
  opened: number
  instances: InstanceFigures[]
  /** Heartbeat pings the streams heard during the window (stream-beats). */
  pings: number
  loadAverage: number[]
}

export type Deliveries = {
  rate: number
  sent: number
  acked: number
  delivered: number
  lost: number
  duplicates: number
  p50?: number
  p99?: number
  max?: number
}

export type ScaleSetup = {
  /** Started instances to measure (one, or a pair on one Redis). */
  instances: MeasuredServer[]
  /** Issues the visitors' sessions (same SESSION_SECRET); undefined for the raw server. */
  issuer?: MeasuredServer
  porthole: boolean
  wanted: number
  openFiles: OpenFiles
  rate: number
  seconds: number
  service?: StatusService
  redisUrl?: string
  /** Streams moved between the instances while the webhooks flow (pair only). */
  move?: number
  log(message: string): void
}

/** Streams an instance can hold within the open-file limit (what MAX_STREAMS is fitted to). */
export function instanceCap(openFileLimit: number): number {
  return openFileLimit - descriptorReserve(openFileLimit)
}

const fdsOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length

/** Each server's whole CPU over `ms` from now, as a share of one core (0–1). */
async function cpuShares(pids: number[], ms: number): Promise<number[]> {
  const start = now()
  const before = pids.map(cpuTimeOf)
  await pause(ms)
  const after = pids.map(cpuTimeOf)
  const elapsed = now() - start
  return after.map((cpuMs, i) => (cpuMs - (before[i] ?? cpuMs)) / elapsed)
}

/** The setup of a window run (its instance started with the window's HEARTBEAT_SECONDS). */
export type WindowSetup = Pick<
  ScaleSetup,
  'instances' | 'issuer' | 'porthole' | 'wanted' | 'openFiles' | 'log'
>

/**
 * Holder processes for the setup's streams: as many per instance as wanted, at most what
 * the open-file limit lets one instance hold (its MAX_STREAMS is fitted the same way).
 */
function startStreamHolders(setup: Pick<ScaleSetup, 'instances' | 'wanted' | 'openFiles'>) {
  const { instances, openFiles } = setup
  const perInstance = Math.min(
    Math.floor(setup.wanted / instances.length),
    instanceCap(openFiles.limit),
  )
  const streams = perInstance * instances.length
  return { streams, holders: startHolders(holderShares(streams, openFiles.limit), openFiles.wrap) }
}

/** Each holder's share of visitors gets a session (from the issuer, else the first instance). */
async function makeVisitors(
  setup: Pick<ScaleSetup, 'instances' | 'issuer' | 'porthole'>,
  holders: Holder[],
): Promise<void> {
  const base = (setup.issuer ?? setup.instances[0])?.url as string
  const { porthole } = setup
  await Promise.all(holders.map((h) => h.call('visitors', { base, count: h.share, porthole })))
}

/**
 * The holders (their visitors made) open their streams on the instances; each
 * instance's memory and descriptors per stream, then its whole CPU over WINDOW_MS
 * starting 3 s after the streams opened (the quiet run's window starts alike, so what
 * follows the opening, such as V8's collections, weighs on both).
 */
async function holdAndTimeWindow(
  setup: Pick<ScaleSetup, 'instances' | 'porthole' | 'log'>,
  holders: Holder[],
) {
  const { instances, porthole, log } = setup
  await pause(1000)
  const before = instances.map((i) => ({ rss: rssOf(i.pid), fds: fdsOf(i.pid) }))
  const wanted = holders.reduce((sum, h) => sum + h.share, 0)
  log(`opening ${wanted} streams on ${instances.length} instance(s)`)
  const bases = instances.map((i) => i.url)
  const opens = await Promise.all(holders.map((h) => h.call('open', { bases, porthole })))
  const opened = opens.reduce((sum, o) => sum + o.opened, 0)
  const failed = opens.reduce((sum, o) => sum + o.failed, 0)
  const firstFailure = opens.find((o) => o.firstFailure)?.firstFailure ?? ''
  await pause(3000)
  const figures: InstanceFigures[] = instances.map((instance, i) => {
    const held = opened / instances.length
    return {
      streams: held,
      rssBase: before[i]?.rss ?? 0,
      rssPerStream: (rssOf(instance.pid) - (before[i]?.rss ?? 0)) / Math.max(1, held),
      fdsPerStream: (fdsOf(instance.pid) - (before[i]?.fds ?? 0)) / Math.max(1, held),
      idleCpu: 0,
    }
  })
  log(
    `holding ${opened} streams (${failed} failed${firstFailure ? `: ${firstFailure}` : ''}); reading the CPU over ${WINDOW_MS / 1000} s`,
  )
  const heard = () => Promise.all(holders.map((h) => h.call('pings', {})))
  const pingsBefore = await heard()
  const shares = await cpuShares(
    instances.map((i) => i.pid),
    WINDOW_MS,
  )
  const pings = (await heard()).reduce(
    (sum, { pings }, i) => sum + pings - (pingsBefore[i]?.pings ?? 0),
    0,
  )
  shares.forEach((share, i) => {
    const figure = figures[i]
    if (figure) figure.idleCpu = share
  })
  return { opened, failed, firstFailure, figures, pings }
}

/**
 * A window and nothing else: the instance (started with HEARTBEAT_SECONDS set to
 * TIMED_HEARTBEAT_SECONDS or QUIET_HEARTBEAT_SECONDS) holds the streams through it.
 */
export async function measureWindow(setup: WindowSetup): Promise<WindowRun> {
  const { holders } = startStreamHolders(setup)
  try {
    await makeVisitors(setup, holders)
    const { opened, figures, pings } = await holdAndTimeWindow(setup, holders)
    await Promise.all(holders.map((h) => h.call('closeAll', {})))
    return {
      wanted: setup.wanted,
      opened,
      instances: figures,
      pings,
      loadAverage: loadAverage(),
    }
  } finally {
    await Promise.all(holders.map((h) => h.stop()))
  }
}

export async function measureScale(setup: ScaleSetup): Promise<ScaleRun> {
  const { instances, openFiles, log } = setup
  const { holders, streams } = startStreamHolders(setup)
  const sender = startHolders([0], openFiles.wrap)[0] as Holder
  const all = [...holders, sender]
  try {
    const redisEmpty = setup.redisUrl ? await redisUsedMemory(setup.redisUrl) : undefined
    log(`${holders.length} holder(s) make ${streams} visitors`)
    await makeVisitors(setup, holders)
    const redisSessions = setup.redisUrl ? await redisUsedMemory(setup.redisUrl) : undefined
    const { opened, failed, firstFailure, figures } = await holdAndTimeWindow(setup, holders)
    const bases = instances.map((i) => i.url)
    const status = setup.service
      ? await statusChange(setup.service, instances, holders, opened)
      : undefined
    const ids = (await Promise.all(holders.map((h) => h.call('ids', {})))).flatMap((r) => r.ids)
    /** Webhooks at the set rate to random visitors, timed to their streams; `during` runs meanwhile. */
    const deliver = async (firstSeq: number, during?: () => Promise<void>) => {
      const sending = sender.call('steady', {
        hookUrls: instances.map((i) => i.hookUrl),
        ids,
        rate: setup.rate,
        seconds: setup.seconds,
        firstSeq,
      })
      await during?.()
      const sent = await sending
      return collectDeliveries(holders, sent.acked, sent.sent, setup.rate)
    }
    log(`webhooks: ${setup.rate}/s for ${setup.seconds} s, the streams held`)
    const steady = await deliver(1)
    // Per conversation: its session, its stream and its share of one phase's webhooks.
    const redisMessages = setup.redisUrl ? await redisUsedMemory(setup.redisUrl) : undefined
    let moved: number | undefined
    let moving: Deliveries | undefined
    if (setup.move && instances.length > 1) {
      const { move } = setup
      log(`webhooks: ${setup.rate}/s for ${setup.seconds} s, moving ${move} streams meanwhile`)
      moving = await deliver(steady.sent + 1, async () => {
        await pause((setup.seconds * 1000) / 3)
        const perHolder = Math.ceil(move / holders.length)
        const moves = await Promise.all(
          holders.map((h) => h.call('move', { count: perHolder, bases })),
        )
        moved = moves.reduce((sum, m) => sum + m.moved, 0)
      })
    }
    await Promise.all(holders.map((h) => h.call('closeAll', {})))
    return {
      wanted: setup.wanted,
      opened,
      failed,
      firstFailure,
      instances: figures,
      ...(status ?? {}),
      steady,
      ...(moving === undefined ? {} : { moving }),
      ...(moved === undefined ? {} : { moved }),
      ...(redisEmpty !== undefined && redisSessions !== undefined && redisMessages !== undefined
        ? {
            redisMemory: {
              empty: redisEmpty,
              sessions: redisSessions,
              messages: redisMessages,
              visitors: streams,
            },
          }
        : {}),
      loadAverage: loadAverage(),
    }
  } finally {
    await Promise.all(all.map((h) => h.stop()))
  }
}

/** Agents go offline: from the first status read after it, until every stream heard. */
async function statusChange(
  service: StatusService,
  instances: MeasuredServer[],
  holders: Holder[],
  opened: number,
): Promise<{ statusMs?: number; statusReached: number }> {
  // Each instance's status cache first learns the status as it is: only a change is sent.
  await readStatus(instances)
  service.setOnline(false)
  // The status cache (STATUS_CACHE_SECONDS=1) expires; the next read notices the change.
  await pause(1500)
  await Promise.all(holders.map((h) => h.call('watchStatus', {})))
  const start = now()
  await readStatus(instances)
  let seen = 0
  let lastAt: number | undefined
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await pause(250)) {
    const answers = await Promise.all(holders.map((h) => h.call('statusSeen', {})))
    seen = answers.reduce((sum, a) => sum + a.seen, 0)
    lastAt = Math.max(...answers.map((a) => a.lastAt ?? 0))
    if (seen >= opened) break
  }
  service.setOnline(true)
  return { statusReached: seen, ...(seen >= opened && lastAt ? { statusMs: lastAt - start } : {}) }
}

async function readStatus(instances: MeasuredServer[]): Promise<void> {
  await Promise.all(instances.map((i) => fetch(`${i.url}/api/status`).then((r) => r.text())))
}

async function collectDeliveries(
  holders: Holder[],
  acked: number[],
  sent: number,
  rate: number,
): Promise<Deliveries> {
  const latency = new Map<number, number>()
  let duplicates = 0
  const missing = () => acked.filter((seq) => !latency.has(seq)).length
  for (const deadline = Date.now() + GRACE_MS; ; await pause(250)) {
    for (const answer of await Promise.all(holders.map((h) => h.call('deliveries', {})))) {
      duplicates += answer.duplicates
      answer.seqs.forEach((seq, i) => {
        if (latency.has(seq)) duplicates += 1
        else latency.set(seq, answer.latencies[i] as number)
      })
    }
    if (missing() === 0 || Date.now() > deadline) break
  }
  const sorted = [...latency.values()].sort((a, b) => a - b)
  return {
    rate,
    sent,
    acked: acked.length,
    delivered: latency.size,
    lost: missing(),
    duplicates,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  }
}

function loadAverage(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100)
}
