import type { Logger } from '../logging/logger'
import type { ChannelClient } from './channel-client'

export type StatusCache = {
  /** The channel's status, at most `ttlMs` old; concurrent callers share one upstream call. */
  get(): Promise<boolean>
}

/**
 * A1 behind a short cache with request coalescing: one upstream call per period
 * however many visitors poll. Failures are cached too, so a failing service is not
 * hammered; they answer offline and log a warning.
 */
export function createStatusCache(options: {
  client: ChannelClient
  ttlMs: number
  now: () => number
  logger: Logger
  onChange?: (online: boolean) => void
}): StatusCache {
  let value: { online: boolean; at: number } | undefined
  let inFlight: Promise<boolean> | undefined

  async function refresh(): Promise<boolean> {
    const outcome = await options.client.status()
    if (outcome.problem)
      options.logger.warn('channel status unavailable, answering offline', {
        problem: outcome.problem,
      })
    const changed = value !== undefined && value.online !== outcome.online
    value = { online: outcome.online, at: options.now() }
    if (changed) options.onChange?.(outcome.online)
    return outcome.online
  }

  return {
    get() {
      if (value && options.now() - value.at < options.ttlMs) return Promise.resolve(value.online)
      inFlight ??= refresh().finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
  }
}
