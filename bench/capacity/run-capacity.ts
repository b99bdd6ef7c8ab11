// The capacity rows' runs: Porthole on one instance (sqlite, the default store), the raw
// node:http server, and two Porthole instances on one Redis, each holding its share of
// the streams while webhooks flow; one status service for them all. With `quiet`, one
// instance more holds the streams through the same window with no beat in it: the
// heartbeat's cost is the one instance's CPU over the window minus that.
import { redisAvailability, startRedisServer } from '../../kit/redis-server'
import { channelIdOf, type PortholeServers, startRawServer } from '../backend/servers'
import { type OpenFiles, raiseOpenFiles } from './open-files'
import {
  measureQuietWindow,
  measureScale,
  QUIET_HEARTBEAT_SECONDS,
  type QuietRun,
  type ScaleRun,
} from './scale'
import { startStatusService } from './status-service'

export type CapacityPlan = {
  /** Streams on one instance; the pair holds as many in all, half on each. */
  streams: number
  rate: number
  seconds: number
  /** Streams moved between the pair's instances while the webhooks flow. */
  move: number
  /** Also hold the streams on one instance with no beat in the window (the heartbeat's baseline). */
  quiet?: boolean
}

export type CapacityScale = {
  openFiles: { limit: number; note?: string }
  single: ScaleRun
  raw: ScaleRun
  /** One instance through the same window with no beat in it (plan.quiet). */
  quiet?: QuietRun
  pair?: ScaleRun
  /** Why the pair was not measured, when it was not. */
  pairSkipped?: string
}

/** One run of each: the caller repeats it and reports medians. */
export async function runCapacity(
  servers: PortholeServers,
  root: string,
  plan: CapacityPlan,
  log: (message: string) => void,
): Promise<CapacityScale> {
  // A stream is one descriptor in the server and one in a holder, plus the reserve.
  const openFiles: OpenFiles = raiseOpenFiles(Math.ceil(plan.streams * 1.25) + 1000)
  if (openFiles.note) log(openFiles.note)
  const service = await startStatusService(channelIdOf(servers.settings.upstream.channelUrl))
  const env = { CHANNEL_URL: service.channelUrl, STATUS_CACHE_SECONDS: '1' }
  const extra = { env, wrap: openFiles.wrap }
  const common = { openFiles, rate: plan.rate, seconds: plan.seconds, log }
  try {
    log(`capacity: ${plan.streams} streams on one instance (sqlite)`)
    // Tokens are signed, not stored: any instance with the same SESSION_SECRET issues them.
    const issuer = await servers.start('memory:', [], extra)
    let instance = await servers.start(undefined, [], extra)
    let single: ScaleRun
    try {
      single = await measureScale({
        ...common,
        instances: [instance],
        issuer,
        porthole: true,
        wanted: plan.streams,
        service,
      })
    } finally {
      await Promise.all([instance.stop(), issuer.stop()])
    }
    log(`capacity, one instance: ${summary(single)}`)
    const quiet = plan.quiet ? { quiet: await timeQuietWindow() } : {}
    log(`capacity: ${plan.streams} streams on the raw node:http server`)
    instance = await startRawServer(root, [], { wrap: openFiles.wrap })
    let raw: ScaleRun
    try {
      raw = await measureScale({
        ...common,
        instances: [instance],
        porthole: false,
        wanted: plan.streams,
      })
    } finally {
      await instance.stop()
    }
    log(`capacity, raw node:http: ${summary(raw)}`)
    if (!redisAvailability())
      return { openFiles, single, raw, ...quiet, pairSkipped: 'no redis-server binary found' }
    log(`capacity: ${plan.streams / 2} streams on each of two instances on one Redis`)
    const redis = await startRedisServer()
    try {
      const pairIssuer = await servers.start(redis.url, [], extra)
      const pair = [
        await servers.start(redis.url, [], extra),
        await servers.start(redis.url, [], extra),
      ]
      try {
        const run = await measureScale({
          ...common,
          instances: pair,
          issuer: pairIssuer,
          porthole: true,
          wanted: plan.streams,
          service,
          redisUrl: redis.url,
          move: plan.move,
        })
        log(`capacity, two instances on Redis: ${summary(run)}`)
        return { openFiles, single, raw, ...quiet, pair: run }
      } finally {
        await Promise.all([...pair, pairIssuer].map((server) => server.stop()))
      }
    } finally {
      await redis.stop()
    }
  } finally {
    await service.close()
  }

  async function timeQuietWindow(): Promise<QuietRun> {
    log(`capacity: ${plan.streams} streams on one instance, no beat in the window`)
    const quietExtra = {
      ...extra,
      env: { ...env, HEARTBEAT_SECONDS: String(QUIET_HEARTBEAT_SECONDS) },
    }
    const issuer = await servers.start('memory:', [], quietExtra)
    const instance = await servers.start(undefined, [], quietExtra)
    try {
      const run = await measureQuietWindow({
        openFiles,
        log,
        instances: [instance],
        issuer,
        porthole: true,
        wanted: plan.streams,
      })
      log(`capacity, no beat in the window: ${JSON.stringify(run)}`)
      return run
    } finally {
      await Promise.all([instance.stop(), issuer.stop()])
    }
  }
}

/** One line of a run's figures, logged as soon as it is measured. */
function summary(run: ScaleRun): string {
  const { opened, instances, statusMs, steady, moving, moved, loadAverage } = run
  return JSON.stringify({ opened, instances, statusMs, steady, moving, moved, loadAverage })
}
