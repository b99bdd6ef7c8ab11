import { readFileSync } from 'node:fs'
import type { Config } from '../config/config'
import type { Logger } from '../logging/logger'

/**
 * The soft limit on open files (RLIMIT_NOFILE) of this process, from /proc/self/limits;
 * undefined where that file does not exist (not Linux) or says `unlimited`.
 *
 * @example readOpenFileLimit() // 1024 under `ulimit -n 1024`
 */
export function readOpenFileLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | undefined {
  let text: string
  try {
    text = read()
  } catch {
    return undefined
  }
  const soft = /^Max open files\s+(\d+|unlimited)\s/m.exec(text)?.[1]
  if (soft === undefined || soft === 'unlimited') return undefined
  return Number(soft)
}

/**
 * Descriptors kept out of the stream cap's reach, for everything that is not an event
 * stream: webhooks (A3, B2), /healthz, the widget's other requests, the store's files
 * and connections, calls to the service. A tenth of the limit, at least 256 (half of a
 * limit below 512).
 */
export function descriptorReserve(openFileLimit: number): number {
  return Math.max(Math.ceil(openFileLimit / 10), Math.min(256, Math.floor(openFileLimit / 2)))
}

/** The stream cap that fits `openFileLimit` with the reserve left over (at least 1). */
export function streamCapFor(maxStreams: number, openFileLimit: number | undefined): number {
  if (openFileLimit === undefined) return maxStreams
  return Math.max(1, Math.min(maxStreams, openFileLimit - descriptorReserve(openFileLimit)))
}

/**
 * Every open stream holds a socket, so MAX_STREAMS beyond the open-file limit lets
 * streams take the descriptors webhooks and health checks need: accept() then fails
 * silently and those requests hang. Lowers the cap to fit, with a warning that says
 * how to raise the limit instead.
 */
export function fitStreamsToOpenFiles(
  config: Config,
  logger: Logger,
  openFileLimit: number | undefined = readOpenFileLimit(),
): Config {
  const cap = streamCapFor(config.maxStreams, openFileLimit)
  if (cap === config.maxStreams || openFileLimit === undefined) return config
  logger.warn(
    `MAX_STREAMS lowered to ${cap}: the open-file limit is ${openFileLimit} and ${descriptorReserve(openFileLimit)} descriptors are kept for webhooks, health checks and the store. Raise the limit (ulimit -n, LimitNOFILE= in systemd, --ulimit nofile= in Docker) to serve ${config.maxStreams} streams`,
    { maxStreams: config.maxStreams, effectiveMaxStreams: cap, openFileLimit },
  )
  return { ...config, maxStreams: cap }
}
