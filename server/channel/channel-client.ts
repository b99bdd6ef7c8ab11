import type { CustomerMessage } from '../../shared/protocol/chat-channel'
import type { Channel } from '../config/config'
import { readAnswerPrefix } from '../http/answer-prefix'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'
import { readStatusAnswer, type StatusOutcome } from './status'

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
  /** A2: one customer message. Never throws. */
  send(message: CustomerMessage): Promise<SendOutcome>
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

  async function call(
    name: 'status' | 'message',
    url: string,
    init: RequestInit,
  ): Promise<Response | string> {
    const started = performance.now()
    try {
      const response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      metrics.upstreamLatency.observe((performance.now() - started) / 1000, { call: name })
      metrics.upstreamRequests.inc({ call: name, status: String(response.status) })
      return response
    } catch (error) {
      const kind =
        error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'connection'
      metrics.upstreamErrors.inc({ call: name, kind })
      metrics.upstreamRequests.inc({ call: name, status: kind })
      return kind === 'timeout'
        ? `no answer within ${timeoutMs} ms`
        : `connection failed (${error instanceof Error ? error.message : String(error)})`
    }
  }

  return {
    async status() {
      const response = await call('status', channel.statusUrl, { method: 'GET' })
      if (typeof response === 'string') return { online: false, problem: response }
      const body = await readAnswerPrefix(response)
      const { fault, ...outcome } = readStatusAnswer(response.status, body)
      if (fault) metrics.upstreamErrors.inc({ call: 'status', kind: fault })
      return outcome
    },
    async send(message) {
      const response = await call('message', channel.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(message),
      })
      if (typeof response === 'string') return { kind: 'failed', reason: response }
      const text = (await readAnswerPrefix(response)).trim().slice(0, MAX_ERROR_TEXT)
      if (response.status >= 200 && response.status < 300) return { kind: 'accepted' }
      if (response.status >= 400 && response.status < 500) {
        metrics.upstreamErrors.inc({ call: 'message', kind: 'rejected' })
        return {
          kind: 'rejected',
          status: response.status,
          message:
            text.length > 0 ? text : `the service refused the message (HTTP ${response.status})`,
        }
      }
      metrics.upstreamErrors.inc({ call: 'message', kind: 'server_error' })
      return { kind: 'failed', reason: `the service answered HTTP ${response.status}` }
    },
  }
}
