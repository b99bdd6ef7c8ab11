import type { Backoff } from '../../shared/backoff'
import type { ConversationEntry } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { Claims, Store } from '../store/types'
import type { ChannelClient } from './channel-client'
import type { OutboxRequest, OutboxState } from './outbox-item'
import type { OutboxStore } from './outbox-records'

// The A2 outbox's contract (outbox.ts builds it): its options, what a
// submit answers, and its methods.

export type OutboxOptions = {
  /** `kind` picks the sweep's pace: another instance may crash with work in hand on Redis. */
  store: OutboxStore & Claims & Pick<Store, 'kind'>
  client: ChannelClient
  logger: Logger
  now: () => number
  /** Pause between the fast retries after a 5xx or connection error (the service asks for 3–60 s). */
  retryIntervalMs: number
  /** Fast retries after the first attempt; then the item is `delayed`. */
  retries: number
  /** After the fast retries, keep retrying on `backoff` this long after the message came (A2_GIVE_UP_HOURS). */
  giveUpMs: number
  /** One A2 request, its answer included (A2_TIMEOUT_MS). */
  upstreamTimeoutMs: number
  /** How long finished items are kept to answer a repeated POST. */
  keepMs: number
  /** Default: 5 s doubling to 5 minutes, ±20 %. */
  backoff?: Backoff
  /**
   * How long submit() waits for the first attempt before answering with the stored
   * state (`pending`) while the attempt goes on. Default 10 s.
   */
  firstAnswerMs?: number
  /** How often to look for due items nobody works on (e.g. a crashed instance's). Default 5 s with Redis, 1 minute otherwise. */
  sweepMs?: number
  /** At most this many items read per sweep. Default 100. */
  sweepBatch?: number
  /**
   * A claim lasts the upstream timeout (at most 10 s) plus this (default 5 s), and is
   * renewed every third of that while its holder works, so it outlives every attempt
   * yet lapses soon after a holder dies.
   */
  claimMarginMs?: number
  random?: () => number
  /** A monotonic clock (ms) that counts A2_GIVE_UP_HOURS within this process. Default performance.now. */
  monotonic?: () => number
}

export type SubmitResult =
  | {
      state: OutboxState
      /** Why it is not sent (for `pending`, `delayed`, `failed`, `rejected`). */
      error?: string
      entries: ConversationEntry[]
    }
  /**
   * Another holder has the message's claim but nothing is stored yet (a concurrent
   * request about to store it, or a holder that died before storing it, until its
   * claim lapses): not taken — the client must send it again shortly.
   */
  | { state: 'busy'; entries: [] }

export type Outbox = {
  /**
   * Stores the message, writes its entries to the visitor's log and makes the first
   * attempt. A repeated clientId is never stored twice: a `sent` or `rejected` one is
   * answered from its record, a `pending` or `delayed` one nobody is sending right now
   * is attempted at once ("send now"), a `failed` one starts a new round of attempts.
   */
  submit(request: OutboxRequest): Promise<SubmitResult>
  /** Start-up: schedules every stored active item and starts the periodic sweep. Returns how many. */
  resume(): Promise<number>
  /** One pass of the periodic sweep: attempts due items nobody holds. Returns how many it took. */
  sweep(): Promise<number>
  /**
   * Graceful shutdown: no new timers or parts; resolves once the requests in flight
   * have been answered and saved. Active items stay stored for any instance.
   */
  stop(): Promise<void>
}
