import { backoffDelay } from '../../shared/backoff'
import type { ProviderToServiceEvent } from '../../shared/protocol'
import { ErrorBody } from '../../shared/protocol'
import { readAnswerPrefix } from '../http/answer-prefix'
import { type BotLogger, describeError } from './logger'
import { parseRetryAfter } from './retry-after'

export type SendResult =
  | { ok: true; eventId: string; status: number; attempts: number }
  | { ok: false; eventId: string; attempts: number; status?: number; error: string }

export type BotSenderOptions = {
  /** The full B1 URL, {base}/webhooks/{provider_id}/{token}: a secret, never logged. */
  url: string
  fetch: typeof fetch
  logger: BotLogger
  /** Per attempt, including reading the answer (spec section 8: 3 s). */
  timeoutMs: number
  /** Retries after the first attempt (spec section 8: 2). */
  retries: number
  /** First back-off after a 5xx, timeout or connection error; doubles per retry. */
  retryDelayMs: number
  /** A 429 asking to wait longer than this is not retried (the customer would wait too long). */
  maxRetryAfterMs: number
  now: () => number
  /** Aborted on a shutdown that ran out of time: the attempt under way and the retries stop. */
  signal?: AbortSignal
}

type Attempt =
  | { kind: 'ok'; status: number }
  | { kind: 'failed'; retryable: boolean; status?: number; error: string; retryAfterMs?: number }

/** Waits `ms`, or less when `signal` aborts meanwhile. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}

function describeRefusal(status: number, text: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const body = ErrorBody.safeParse(parsed)
  if (body.success) return `HTTP ${status} ${body.data.error.code}: ${body.data.error.message}`
  const snippet = text.trim().slice(0, 200)
  return snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`
}

async function attemptOnce(options: BotSenderOptions, body: string): Promise<Attempt> {
  const controller = new AbortController()
  let timedOut = false
  // A plain timer (not AbortSignal.timeout) so fake timers drive it in tests, and
  // so it also bounds reading the answer, not only the headers.
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs)
  const stop = () => controller.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  try {
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
      signal: controller.signal,
    })
    // Any 2xx is success: providers' peers answer with empty bodies, `OK` or JSON.
    // A bounded prefix (an error body is short); the rest is cancelled unread.
    const text = await readAnswerPrefix(response)
    const { status } = response
    if (status >= 200 && status < 300) return { kind: 'ok', status }
    const error = describeRefusal(status, text)
    if (status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), options.now())
      return { kind: 'failed', retryable: true, status, error, retryAfterMs }
    }
    return { kind: 'failed', retryable: false, status, error }
  } catch (error) {
    const reason = timedOut ? `timed out after ${options.timeoutMs} ms` : describeError(error)
    return { kind: 'failed', retryable: true, error: reason }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}

/**
 * The B1 client: POSTs one event with the spec's timeout and retry budget.
 * Retries 5xx, 429 (after Retry-After), timeouts and connection errors; never
 * other 4xx, which would fail the same way again. Never throws: failures are
 * logged with the event id and returned.
 */
export function createBotSender(options: BotSenderOptions) {
  async function send(event: ProviderToServiceEvent): Promise<SendResult> {
    const body = JSON.stringify(event)
    const fields = { eventId: event.id, event: event.event, chatId: event.chat_id }
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted)
        return { ok: false, eventId: event.id, attempts: attempt - 1, error: 'shutting down' }
      const outcome = await attemptOnce(options, body)
      if (outcome.kind === 'ok')
        return { ok: true, eventId: event.id, status: outcome.status, attempts: attempt }
      const failure = {
        ok: false as const,
        eventId: event.id,
        attempts: attempt,
        status: outcome.status,
        error: outcome.error,
      }
      if (!outcome.retryable) {
        options.logger.error('the service refused a bot event; not retrying', {
          ...fields,
          attempt,
          error: outcome.error,
        })
        return failure
      }
      if (attempt > options.retries) {
        options.logger.error('sending a bot event failed after all retries', {
          ...fields,
          attempts: attempt,
          error: outcome.error,
        })
        return failure
      }
      // retryDelayMs doubling, uncapped and without jitter, as the bot has always retried.
      const delay =
        outcome.retryAfterMs ??
        backoffDelay(attempt - 1, {
          baseMs: options.retryDelayMs,
          maxMs: Number.POSITIVE_INFINITY,
          jitter: 0,
        })
      if (delay > options.maxRetryAfterMs) {
        options.logger.error('the service asked to wait too long before a retry; giving up', {
          ...fields,
          attempt,
          retryAfterMs: delay,
          error: outcome.error,
        })
        return failure
      }
      options.logger.warn('sending a bot event failed; retrying', {
        ...fields,
        attempt,
        delayMs: delay,
        error: outcome.error,
      })
      await sleep(delay, options.signal)
    }
  }
  return { send }
}

export type BotSender = ReturnType<typeof createBotSender>
