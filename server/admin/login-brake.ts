import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible'
import type { Logger } from '../logging/logger'
import type { Store } from '../store/types'

/**
 * Wrong studio passwords from all addresses together, per minute, before the login
 * pauses for addresses that never logged in (the per-address limit alone let 40 addresses
 * try 200 passwords in 7.4 s).
 */
export const GLOBAL_WRONG_PASSWORDS_PER_MINUTE = 20
const WINDOW_SECONDS = 60
const KEY = 'all'

export type LoginBrake = {
  /** Seconds until the brake lets go; undefined when it is off. */
  engaged(): Promise<number | undefined>
  /** Counts a wrong password; the brake engages at the limit (logged once per window). */
  wrongPassword(): Promise<void>
}

type Limiter = RateLimiterMemory | RateLimiterRedis

/**
 * The global brake on studio logins: a fixed one-minute window counting wrong passwords
 * from every address, on Redis shared by every instance (as the other limits), else in
 * this process. While Redis is unreachable it counts in this process, so a Redis outage
 * neither opens the studio to guessing nor locks it.
 *
 * @example if ((await brake.engaged()) !== undefined && !known) refuse(); if (wrong) await brake.wrongPassword()
 */
export function createLoginBrake(options: {
  store: Pick<Store, 'sharedCounters'>
  logger: Logger
  limit?: number
}): LoginBrake {
  const limit = options.limit ?? GLOBAL_WRONG_PASSWORDS_PER_MINUTE
  const settings = { points: limit, duration: WINDOW_SECONDS, keyPrefix: 'admin-login-brake' }
  const local = new RateLimiterMemory(settings)
  const counters = options.store.sharedCounters
  const remote = counters
    ? new RateLimiterRedis({
        ...settings,
        storeClient: counters.client,
        useRedisPackage: true,
        keyPrefix: `${counters.prefix}admin-login-brake`,
      })
    : undefined
  let outage = false

  async function use<T>(run: (limiter: Limiter) => Promise<T>): Promise<T> {
    if (!remote) return run(local)
    try {
      const result = await run(remote)
      outage = false
      return result
    } catch (error) {
      if (!outage)
        options.logger.warn('settings studio: Redis unreachable, the login brake counts here', {
          error,
        })
      outage = true
      return run(local)
    }
  }

  const secondsLeft = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000))

  return {
    async engaged() {
      const res = await use((limiter) => limiter.get(KEY))
      return res && res.consumedPoints >= limit ? secondsLeft(res) : undefined
    },
    async wrongPassword() {
      const res = await use((limiter) => limiter.penalty(KEY, 1))
      // Exactly one wrong password reaches the limit in a window, on any instance.
      if (res.consumedPoints === limit)
        options.logger.warn(
          'settings studio: login brake engaged: too many wrong passwords from all addresses together',
          {
            wrongPasswords: limit,
            windowSeconds: WINDOW_SECONDS,
            pausedSeconds: secondsLeft(res),
          },
        )
    },
  }
}
