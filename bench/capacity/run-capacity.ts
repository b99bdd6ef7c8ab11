// The capacity rows' runs: Porthole on one instance (sqlite, the default store), the raw
// node:http server, and two Porthole instances on one Redis, each holding its share of
// the streams while webhooks flow; one status service for them all. With `quiet`, two
// instances more hold the streams through the same window and do nothing else, one
// beating every second and one with no beat in it: the heartbeat's cost is the first's
// CPU over the window minus the second's, over the pings the streams heard.
import { redisAvailability, startRedisServer } from '../../kit/redis-server'
import { channelIdOf, type PortholeServers, startRawServer } from '../backend/servers'
import { type OpenFiles, raiseOpenFiles } from './open-files'
import {
  measureScale,
  measureWindow,
  QUIET_HEARTBEAT_SECONDS,
  type ScaleRun,
  TIMED_HEARTBEAT_SECONDS,
  type WindowRun,
} from './scale'
import { startStatusService } from './status-service'

export type CapacityPlan = {
  /** Streams on one instance; the pair holds as many in all, half on each. */
  streams: number
  rate: number
  seconds: number
  /** Streams moved between the pair's instances while the webhooks flow. */
  move: number
  /** Also time the heartbeat: the same window beating every second and with no beat. */
  quiet?: boolean
}

export type CapacityScale = {
  openFiles: { limit: number; note?: string }
  single: ScaleRun
  raw: ScaleRun
  /** One instance through the same window beating every TIMED_HEARTBEAT_SECONDS (plan.quiet). */
  beating?: WindowRun
  /** One instance through the same window with no beat in it (plan.quiet). */
  quiet?: WindowRun
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
    const quiet = plan.quiet
      ? {
          beating: await timeWindow(TIMED_HEARTBEAT_SECONDS),
          quiet: await timeWindow(QUIET_HEARTBEAT_SECONDS),
        }
      : {}
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

  /** The streams held through the window by an instance beating every `heartbeatSeconds`. */
  async function timeWindow(heartbeatSeconds: number): Promise<WindowRun> {
    log(`capacity: ${plan.streams} streams on one instance, HEARTBEAT_SECONDS=${heartbeatSeconds}`)
    const windowExtra = {
      ...extra,
      env: { ...env, HEARTBEAT_SECONDS: String(heartbeatSeconds) },
    }
    const issuer = await servers.start('memory:', [], windowExtra)
    const instance = await servers.start(undefined, [], windowExtra)
    try {
      const run = await measureWindow({
        openFiles,
        log,
        instances: [instance],
        issuer,
        porthole: true,
        wanted: plan.streams,
      })
      log(`capacity, HEARTBEAT_SECONDS=${heartbeatSeconds}: ${JSON.stringify(run)}`)
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
