import type { Logger } from '../logging/logger'
import type { ChannelClient } from './channel-client'

/**
 * A1's answer: whether agents are online; `problem` says why an answer counted as offline;
 * `serviceDate`, the service's clock when it answered (its `Date` header, ms), when it sent one.
 */
export type StatusOutcome = { online: boolean; problem?: string; serviceDate?: number }

/** How an A1 answer broke the spec's rules, for the upstream error metric. */
export type StatusAnswerFault = 'not_found' | 'irregular'

/**
 * A1's rules for one HTTP answer: 200 with the body "1" (online) or "0" (offline);
 * 404 means the service does not know the channel; anything else is irregular and
 * answers offline.
 */
export function readStatusAnswer(
  httpStatus: number,
  body: string,
): StatusOutcome & { fault?: StatusAnswerFault } {
  const text = body.trim()
  if (httpStatus === 404)
    return {
      online: false,
      problem: 'the service does not know this channel (404): check CHANNEL_URL',
      fault: 'not_found',
    }
  if (httpStatus !== 200 || (text !== '0' && text !== '1'))
    return {
      online: false,
      problem: `irregular status answer ${httpStatus} "${text.slice(0, 40)}"`,
      fault: 'irregular',
    }
  return { online: text === '1' }
}

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
