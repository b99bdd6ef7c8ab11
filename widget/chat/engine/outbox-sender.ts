import { exactDelay } from '../../../shared/backoff'
import type { PostMessageResponse } from '../../../shared/widget-api'
import { ApiError, isApiError, isTransient, unreadable } from '../../protocol/api-error'
import { parsePostMessageResponse } from '../../protocol/chat-bodies'
import type { OutboxItem } from '../model/outbox-item'

export interface OutboxSenderOptions {
  /** POSTs one item to /api/messages and returns the raw answer. */
  post(item: OutboxItem): Promise<unknown>
  /** The next item waiting to be sent, in order. */
  next(): OutboxItem | undefined
  /** The item is still the conversation's: one the history was cleared of meanwhile is dropped, answer and all. */
  current(item: OutboxItem): boolean
  accepted(item: OutboxItem, response: PostMessageResponse): void
  /** The backend refused the item for good (a 4xx): it waits for the customer's retry. */
  refused(item: OutboxItem, error: ApiError): void
  /** The token was refused: start a new session before trying once more. */
  renewSession(): Promise<void>
}

/** 1 s doubling to 30 s between attempts (a Retry-After wins). */
const RETRY_BACKOFF = { baseMs: 1000, maxMs: 30_000 }

/**
 * Sends the outbox one message at a time, in order. A network failure, a 5xx or a
 * 429 keeps the message queued and retries later (Retry-After, else backing off
 * 1 s, 2 s, 4 s… up to 30 s); the same client id makes the retries safe.
 */
export function createOutboxSender(options: OutboxSenderOptions) {
  let flushing = false
  let stopped = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function retryLater(error: unknown): void {
    clearTimeout(timer)
    const retryAfter = isApiError(error) ? error.retryAfter : undefined
    const delay = retryAfter ? retryAfter * 1000 : exactDelay(failures++, RETRY_BACKOFF)
    timer = setTimeout(() => void flush(), delay)
  }

  /** Sends one item; 'wait' when the backend cannot take it now. */
  async function deliver(item: OutboxItem, renewed = false): Promise<'done' | 'wait'> {
    try {
      const answer = await options.post(item)
      if (!options.current(item)) return 'done'
      const response = parsePostMessageResponse(answer)
      if (!response) throw unreadable('POST /api/messages')
      failures = 0
      options.accepted(item, response)
      return 'done'
    } catch (error) {
      if (!options.current(item)) return 'done'
      if (isApiError(error) && error.status === 401 && !renewed) {
        try {
          await options.renewSession()
        } catch (renewError) {
          retryLater(renewError)
          return 'wait'
        }
        // Not under the new session: a message of a history cleared meanwhile.
        return options.current(item) ? deliver(item, true) : 'done'
      }
      if (isTransient(error)) {
        retryLater(error)
        return 'wait'
      }
      const refusal = isApiError(error) ? error : new ApiError('failed', String(error), 0)
      options.refused(item, refusal)
      return 'done'
    }
  }

  async function flush(): Promise<void> {
    if (flushing || stopped) return
    flushing = true
    try {
      for (;;) {
        const item = options.next()
        if (!item || (await deliver(item)) === 'wait' || stopped) break
      }
    } finally {
      flushing = false
    }
  }

  return {
    flush,
    /** The connection is back: skip the wait. */
    flushNow(): Promise<void> {
      clearTimeout(timer)
      return flush()
    },
    stop(): void {
      stopped = true
      clearTimeout(timer)
    },
  }
}
