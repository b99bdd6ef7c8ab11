import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Logger } from '../logging/logger'
import type { Store } from '../store/types'

const KIB = 1024

/** Bytes per key over a fixed window (rate-limiter-flexible, counted in KiB). */
export type ByteQuota = {
  /** Counts `bytes` for `key`: undefined when they fit, else whole seconds until the window ends (nothing counted). */
  take(key: string, bytes: number): Promise<number | undefined>
  /** Gives back bytes taken for an upload that was refused or came out smaller. */
  giveBack(key: string, bytes: number): Promise<void>
}

export type ByteQuotaOptions = {
  /** Names the quota in keys and logs, e.g. 'upload-bytes-per-ip'. */
  name: string
  limitBytes: number
  windowMs: number
  /** The store whose shared counters (redis:) hold the counts across instances. */
  store: Pick<Store, 'sharedCounters'>
  logger: Logger
}

/**
 * A byte quota, shared by every instance on a redis: store as the upload rate limits
 * are; with Redis away it counts in this process (one warning per outage), so an
 * outage of the counters never refuses uploads by itself.
 *
 * @example const perIp = createByteQuota({ name: 'upload-bytes-per-ip', limitBytes: 500 * MB, windowMs: DAY, store, logger })
 */
export function createByteQuota(options: ByteQuotaOptions): ByteQuota {
  const { name, windowMs, logger } = options
  const points = Math.max(1, Math.floor(options.limitBytes / KIB))
  const duration = Math.max(1, Math.round(windowMs / 1000))
  const local = new RateLimiterMemory({ points, duration, keyPrefix: name })
  const counters = options.store.sharedCounters
  const remote = counters
    ? new RateLimiterRedis({
        storeClient: counters.client,
        useRedisPackage: true,
        points,
        duration,
        keyPrefix: `${counters.prefix}${name}`,
      })
    : undefined
  let down = false

  /** Runs on Redis; `{ ok: false }` (and one warning per outage) when Redis fails. */
  async function onRemote<T>(
    run: (limiter: RateLimiterRedis) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    if (!remote) return { ok: false }
    try {
      const value = await run(remote)
      if (down) {
        down = false
        logger.info('upload quotas: Redis is back, counting across instances again')
      }
      return { ok: true, value }
    } catch (error) {
      if (!down) {
        down = true
        logger.warn(
          'upload quotas: Redis unreachable, counting on this instance until it is back',
          {
            quota: name,
            error,
          },
        )
      }
      return { ok: false }
    }
  }

  async function take(
    limiter: RateLimiterMemory | RateLimiterRedis,
    key: string,
    kib: number,
  ): Promise<number | undefined> {
    try {
      await limiter.consume(key, kib)
      return undefined
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw outcome
      // consume() counted the refused points too: a refusal takes nothing.
      await limiter.reward(key, kib)
      return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))
    }
  }

  return {
    async take(key, bytes) {
      const kib = Math.ceil(bytes / KIB)
      if (kib === 0) return undefined
      // Redis first on every call, as the rate limits do: back as soon as it is.
      const shared = await onRemote((limiter) => take(limiter, key, kib))
      return shared.ok ? shared.value : take(local, key, kib)
    },
    async giveBack(key, bytes) {
      const kib = Math.floor(bytes / KIB)
      if (kib <= 0) return
      const shared = await onRemote((limiter) => limiter.reward(key, kib))
      if (!shared.ok) await local.reward(key, kib).catch(() => {})
    },
  }
}
