import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Logger } from '../logging/logger'
import type { RedisClient } from '../store/redis/connection'
import { withDeadline } from '../store/redis/deadline'
import type { Store } from '../store/types'

/** Fixed-window counters per key (rate-limiter-flexible): a window starts at a key's first hit. */
export type RateLimiter = {
  /**
   * Counts one hit (or `points` hits) for `key`: undefined when allowed, else whole
   * seconds until it is. Never rejects: with Redis away it counts in this process
   * (see SharedCounting).
   */
  hit(key: string, points?: number): Promise<number | undefined>
  /** Hits allowed per key and window. */
  readonly limit: number
}

/**
 * Counting shared by every instance on one Redis. While Redis cannot be reached, the
 * limiters fail open to counting in this process (as a single instance would), with one
 * warning per outage: a rate-limiter outage must not take the chat down.
 */
export type SharedCounting = {
  client: RedisClient
  /** Prefix of the counters' keys; default 'porthole:rate:'. */
  prefix?: string
  /** Longest wait for Redis's answer before counting in this process (REDIS_TIMEOUT_MS). */
  timeoutMs?: number
  logger: Logger
}

type Outage = { down: boolean }

export type RateLimiterOptions = {
  /** Names the limit in keys and logs, e.g. 'messages-per-ip'. */
  name: string
  limit: number
  windowMs: number
  /** Counts shared across instances on Redis; default: this process only. */
  shared?: SharedCounting
}

/**
 * @example
 * const perIp = createRateLimiter({ name: 'sessions-per-ip', limit: 30, windowMs: 60_000 })
 * const retryAfter = await perIp.hit(ip) // undefined, or seconds to wait
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { name, limit, windowMs, shared } = options
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`rate limit ${name}: limit must be a whole number >= 1, got ${limit}`)
  }
  if (!Number.isInteger(windowMs / 1000) || windowMs < 1000) {
    throw new RangeError(`rate limit ${name}: windowMs must be whole seconds, got ${windowMs}`)
  }
  const duration = windowMs / 1000
  const local = new RateLimiterMemory({ points: limit, duration, keyPrefix: name })
  if (!shared) return { limit, hit: (key, points) => consume(local, key, points) }

  const remote = new RateLimiterRedis({
    storeClient: shared.client,
    // node-redis v4+ (the redis store's client), not ioredis.
    useRedisPackage: true,
    points: limit,
    duration,
    keyPrefix: `${shared.prefix ?? 'porthole:rate:'}${name}`,
  })
  const outage = outageOf(shared)
  return {
    limit,
    async hit(key, points) {
      try {
        const counted = consume(remote, key, points, true)
        // A frozen Redis never answers: fail open like an unreachable one.
        const verdict = await (shared.timeoutMs ? withDeadline(counted, shared.timeoutMs) : counted)
        if (outage.down) {
          outage.down = false
          shared.logger.info('rate limits: Redis is back, counting across instances again')
        }
        return verdict
      } catch (error) {
        if (!outage.down) {
          outage.down = true
          shared.logger.warn(
            'rate limits: Redis unreachable, counting on this instance until it is back',
            { limit: name, error },
          )
        }
        return consume(local, key, points)
      }
    },
  }
}

// One outage flag per SharedCounting, so an outage is one warning, not one per limit.
const outages = new WeakMap<SharedCounting, Outage>()
function outageOf(shared: SharedCounting): Outage {
  let outage = outages.get(shared)
  if (!outage) {
    outage = { down: false }
    outages.set(shared, outage)
  }
  return outage
}

async function consume(
  limiter: RateLimiterMemory | RateLimiterRedis,
  key: string,
  points = 1,
  rethrow = false,
): Promise<number | undefined> {
  try {
    await limiter.consume(key, points)
    return undefined
  } catch (outcome) {
    // A refusal is a RateLimiterRes; anything else is the counter's store failing.
    if (outcome instanceof RateLimiterRes)
      return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))
    if (rethrow) throw outcome
    return undefined
  }
}

/**
 * A limit of `limit` hits per key and minute, counted across instances when the store
 * has shared counters (redis:), else in this process.
 *
 * @example const perIp = perMinuteLimiter(store, logger, 'sessions-per-ip', 30)
 */
export function perMinuteLimiter(
  store: Pick<Store, 'sharedCounters'>,
  logger: Logger,
  name: string,
  limit: number,
): RateLimiter {
  const counters = store.sharedCounters
  return createRateLimiter({
    name,
    limit,
    windowMs: 60_000,
    ...(counters ? { shared: sharedCountingOf(counters, logger) } : {}),
  })
}

// One SharedCounting per store connection, so the limits of one app share one outage flag.
const sharing = new WeakMap<RedisClient, SharedCounting>()
function sharedCountingOf(
  counters: NonNullable<Store['sharedCounters']>,
  logger: Logger,
): SharedCounting {
  let shared = sharing.get(counters.client)
  if (!shared) {
    shared = {
      client: counters.client,
      prefix: counters.prefix,
      logger,
      ...(counters.timeoutMs ? { timeoutMs: counters.timeoutMs } : {}),
    }
    sharing.set(counters.client, shared)
  }
  return shared
}
