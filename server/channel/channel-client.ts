import type { CustomerMessage } from '../../shared/protocol/chat-channel'
import type { Channel } from '../config/config'
import { readAnswerPrefix } from '../http/answer-prefix'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'
import { readStatusAnswer, type StatusOutcome } from './status-answer'

/** The outcome of one A2 request, classified by the service's documented rules. */
export type SendOutcome =
  | { kind: 'accepted' }
  /** 4xx: the service refused the message; it must not be resent. */
  | { kind: 'rejected'; status: number; message: string }
  /** 5xx, another status, a timeout or a connection error: may be resent. */
  | { kind: 'failed'; reason: string }

export type ChannelClient = {
  /** A1: whether agents are online. Never throws: problems answer offline. */
  status(): Promise<StatusOutcome>
  /**
   * A2: one customer message (or typing notification). Never throws. `timeoutMs`
   * bounds the whole request, answer included (default: the client's `timeoutMs`).
   */
  send(message: CustomerMessage, options?: { timeoutMs?: number }): Promise<SendOutcome>
}

export type ChannelClientOptions = {
  channel: Channel
  fetch: typeof fetch
  timeoutMs: number
  metrics: PortholeMetrics
  logger: Logger
  now: () => number
}

const MAX_ERROR_TEXT = 500

/** Calls the service's channel endpoint (A1, A2) with timeouts; the URL never leaves here. */
export function createChannelClient(options: ChannelClientOptions): ChannelClient {
  const { channel, metrics, timeoutMs } = options

  /**
   * One request whose answer `read` takes apart, both within `limitMs`: a plain timer
   * (not AbortSignal.timeout) aborts it, so the request is over, answer and all, when
   * the time is up (the outbox's claim outlives it), and fake timers drive it in tests.
   */
  async function call<T>(
    name: 'status' | 'message',
    url: string,
    init: RequestInit,
    limitMs: number,
    read: (response: Response) => Promise<T>,
  ): Promise<{ answer: T } | { problem: string }> {
    const started = performance.now()
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, limitMs)
    try {
      const response = await options.fetch(url, { ...init, signal: controller.signal })
      metrics.upstreamLatency.observe((performance.now() - started) / 1000, { call: name })
      metrics.upstreamRequests.inc({ call: name, status: String(response.status) })
      return { answer: await read(response) }
    } catch (error) {
      const kind = timedOut ? 'timeout' : 'connection'
      metrics.upstreamErrors.inc({ call: name, kind })
      metrics.upstreamRequests.inc({ call: name, status: kind })
      return {
        problem:
          kind === 'timeout'
            ? `no answer within ${limitMs} ms`
            : `connection failed (${error instanceof Error ? error.message : String(error)})`,
      }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    async status() {
      const result = await call(
        'status',
        channel.statusUrl,
        { method: 'GET' },
        timeoutMs,
        async (response) => ({
          status: response.status,
          body: await readAnswerPrefix(response),
          date: Date.parse(response.headers.get('date') ?? ''),
        }),
      )
      if ('problem' in result) return { online: false, problem: result.problem }
      const { fault, ...outcome } = readStatusAnswer(result.answer.status, result.answer.body)
      if (fault) metrics.upstreamErrors.inc({ call: 'status', kind: fault })
      const { date } = result.answer
      return Number.isFinite(date) ? { ...outcome, serviceDate: date } : outcome
    },
    async send(message, sendOptions) {
      const result = await call(
        'message',
        channel.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(message),
        },
        sendOptions?.timeoutMs ?? timeoutMs,
        async (response) => ({
          status: response.status,
          text: (await readAnswerPrefix(response)).trim().slice(0, MAX_ERROR_TEXT),
        }),
      )
      if ('problem' in result) return { kind: 'failed', reason: result.problem }
      const { status, text } = result.answer
      if (status >= 200 && status < 300) return { kind: 'accepted' }
      if (status >= 400 && status < 500) {
        metrics.upstreamErrors.inc({ call: 'message', kind: 'rejected' })
        return {
          kind: 'rejected',
          status,
          message: text.length > 0 ? text : `the service refused the message (HTTP ${status})`,
        }
      }
      metrics.upstreamErrors.inc({ call: 'message', kind: 'server_error' })
      return { kind: 'failed', reason: `the service answered HTTP ${status}` }
    },
  }
}
