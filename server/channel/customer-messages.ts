import { randomUUID } from 'node:crypto'
import { type Backoff, DEFAULT_BACKOFF } from '../../shared/backoff'
import type { ConversationEntry } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import { deliveryLockKey, KEY_PREFIXES, outboxItemKey, outboxItemKeyOf } from '../store/keys'
import type { Claims, Store } from '../store/types'
import { type Lease, withClaim } from '../store/with-claim'
import type { ChannelClient, SendOutcome } from './channel-client'
import {
  createOutboxItem,
  deliveryState,
  isActive,
  messageOfPart,
  type OutboxItem,
  type OutboxRequest,
  type OutboxState,
} from './customer-message-item'
import { logOutcome } from './customer-message-log'
import { createOutboxRecords, type OutboxStore } from './customer-message-records'
import {
  begin,
  canFallBack,
  fallBackToText,
  isDue,
  maxWaitOf,
  next,
  type RetryPolicy,
  restart,
} from './delivery-decision'
import { createElapsedTime } from './elapsed-time'

const DAY = 86_400_000

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

const RECOVERY_SPACING_MS = 20
/** The longest part of a claim's lifetime the upstream timeout accounts for (see claimMarginMs). */
const CLAIM_BASE_MS = 10_000
const BUSY_WAIT_MS = 1000
const BUSY_POLL_MS = 50

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

type Delivery = {
  after: OutboxItem | undefined
  /** Set when this delivery wrote the entries to the log. */
  entries?: ConversationEntry[]
}

/**
 * A2 delivery that never gives up silently. One item per customer message, stored
 * before the first attempt; every attempt runs under a short store claim (renewed
 * per part) so one instance at a time sends it, and is recorded before its request
 * so a takeover after a crash knows. Delivery is at-least-once: a part whose answer
 * was lost to a crash is sent again.
 *
 * @example const outbox = createOutbox({ store, client, logger, now: Date.now, ...timings })
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, client, logger, now } = options
  const owner = randomUUID().slice(0, 8)
  const policy: RetryPolicy = {
    retries: options.retries,
    retryIntervalMs: options.retryIntervalMs,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    giveUpMs: options.giveUpMs,
    random: options.random ?? Math.random,
  }
  // A2_GIVE_UP_HOURS counts elapsed time, never wall-clock differences (a clock that
  // jumps ahead for a moment must not fail every waiting message).
  const elapsed = createElapsedTime({
    now,
    monotonic: options.monotonic ?? (() => performance.now()),
  })
  const maxWaitMs = maxWaitOf(policy)
  const firstAnswerMs = options.firstAnswerMs ?? 10_000
  const claimTtl =
    Math.min(options.upstreamTimeoutMs, CLAIM_BASE_MS) + (options.claimMarginMs ?? 5000)
  const heartbeatMs = Math.max(100, Math.floor(claimTtl / 3))
  const keepMs = Math.max(options.keepMs, options.giveUpMs + DAY)
  // Redis: several instances, one may crash with work in hand. sqlite and memory: one
  // instance, whose own timers and resume() cover everything; the sweep is a safety net
  // there, and its scan of every record key is not free (≈35 ms per 300,000 in sqlite).
  const sweepMs = options.sweepMs ?? (store.kind === 'redis' ? 5000 : 60_000)
  const sweepBatch = options.sweepBatch ?? 100
  const timers = new Map<string, { timer: NodeJS.Timeout; at: number }>()
  const busy = new Set<string>()
  const running = new Set<Promise<unknown>>()
  let sweepTimer: NodeJS.Timeout | undefined
  let sweeping = false
  let cursor = ''
  let stopped = false
  let serviceFailing = false
  const { read, save, appendEntries, announce, dropMarker, indexOlderItems } = createOutboxRecords({
    store,
    logger,
    now,
    keepMs,
    youngMs: claimTtl,
  })

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work)
    work.then(
      () => running.delete(work),
      () => running.delete(work),
    )
    return work
  }

  /** Forwards the remaining parts in order, saving before and after each request. */
  async function attempt(
    item: OutboxItem,
    wasActive: boolean,
    lease: Lease,
  ): Promise<{ after: OutboxItem; entries?: ConversationEntry[] }> {
    const key = outboxItemKey(item.visitorId, item.clientId)
    let current = item
    let active = wasActive
    let entries: ConversationEntry[] | undefined
    while (isActive(current)) {
      const part = current.parts[current.sent]
      if (!part) {
        // Every part is accepted already (a crash came between the answer and this state).
        current = { ...current, state: 'sent' }
        await save(current, active)
        break
      }
      let begun = begin(current, now(), owner)
      await save(begun, active)
      active = true
      if (!begun.logged) {
        // The visitor's other tabs and devices learn the state before they get the
        // entries: "Sending…" until the service's answer from the first paint, never a
        // "Sent" it has not given (an entry without news shows as sent).
        await announce(begun, undefined)
        entries = await appendEntries(begun)
        begun = { ...begun, logged: true }
      }
      // The claim must outlive the request: renewed for a whole timeout and margin just
      // before it goes, so no other instance or path starts another attempt meanwhile.
      if (!(await lease.renew())) {
        logger.warn('outbox: claim lost before a request; leaving the message to its new holder', {
          clientId: begun.clientId,
        })
        return { after: begun, ...(entries ? { entries } : {}) }
      }
      const outcome = await client.send(
        { sender: begun.sender, message: messageOfPart(part) },
        { timeoutMs: options.upstreamTimeoutMs },
      )
      if (outcome.kind === 'rejected' && canFallBack(begun)) {
        // Spec 2.1: inbound types other than text are "not yet supported". The same
        // attachment goes again at once as a text with its name, size and link.
        current = fallBackToText(begun)
        await save(current, true)
        logger.warn(
          'outbox: the service refused an attachment; sending it as a text with its link',
          {
            visitorId: current.visitorId,
            clientId: current.clientId,
            status: outcome.status,
            reason: outcome.message,
          },
        )
        continue
      }
      current = next(begun, outcome, now(), policy, elapsed.of(key, begun))
      await save(current, true)
      if (isActive(current)) elapsed.watch(key, current)
      else elapsed.forget(key)
      logOutcome(logger, begun, current, outcome, policy.giveUpMs)
      noteService(outcome.kind)
      if (outcome.kind !== 'accepted' || !isActive(current) || stopped) break
      // More parts: keep the claim, and make sure nobody took the item over meanwhile.
      if (!(await lease.renew())) {
        logger.warn('outbox: claim lost between parts; leaving the rest to its new holder', {
          clientId: current.clientId,
        })
        break
      }
      const latest = await read(key)
      if (!latest || latest.sent !== current.sent || latest.inFlight || !isActive(latest)) {
        return { after: latest ?? current, ...(entries ? { entries } : {}) }
      }
    }
    return { after: current, ...(entries ? { entries } : {}) }
  }

  /** The one core sequence: claim, re-read, choose, log entries, attempt, announce, release. */
  function deliver(
    key: string,
    choose: (stored: OutboxItem | undefined) => OutboxItem | undefined,
  ): Promise<{ held: true; value: Delivery } | { held: false }> {
    // This instance is on it already: as good as another holder's claim.
    if (busy.has(key)) return Promise.resolve({ held: false })
    busy.add(key)
    // One attempt: another holder (instance or path) on it is as good as this one.
    const work = withClaim(
      store,
      deliveryLockKey(key),
      { ttl: claimTtl, onTimeout: 'skip' },
      async (lease): Promise<Delivery> => {
        // The claim outlives the attempt however long it takes (a slow store, a service
        // that takes A2_TIMEOUT_MS to answer): no other path or instance starts another
        // attempt meanwhile. Should this process die, the renewals stop and it lapses.
        const heartbeat = setInterval(() => void lease.renew().catch(() => false), heartbeatMs)
        heartbeat.unref()
        try {
          return await attemptHeld(key, choose, lease)
        } finally {
          clearInterval(heartbeat)
        }
      },
    )
    return track(work).finally(() => busy.delete(key))
  }

  /** deliver()'s work under the claim. */
  async function attemptHeld(
    key: string,
    choose: (stored: OutboxItem | undefined) => OutboxItem | undefined,
    lease: Lease,
  ): Promise<Delivery> {
    const stored = await read(key)
    const item = choose(stored)
    if (!item) {
      if (!stored || !isActive(stored)) elapsed.forget(key)
      return { after: stored }
    }
    elapsed.watch(key, item)
    if (stored?.inFlight) {
      logger.warn(
        'outbox: resending a part whose answer was lost (its sender stopped mid-request); the service may receive it twice',
        { clientId: stored.clientId, part: stored.inFlight.part, since: stored.inFlight.since },
      )
    }
    const { after, entries } = await attempt(item, stored !== undefined && isActive(stored), lease)
    // Entries logged by this attempt were announced as pending: the outcome follows
    // (a pending one again only with the reason its delivery is failing).
    const announced = entries && !after.error ? 'pending' : undefined
    await announce(after, stored ? deliveryState(stored) : announced)
    return { after, ...(entries ? { entries } : {}) }
  }

  function scheduleAt(key: string, at: number): void {
    if (stopped) return
    const existing = timers.get(key)
    if (existing && existing.at <= at) return
    if (existing) clearTimeout(existing.timer)
    const timer = setTimeout(
      () => {
        timers.delete(key)
        void retry(key)
      },
      // A time further ahead than any wait was set by a clock that has since stepped back: now.
      at - now() > maxWaitMs ? 0 : Math.max(0, at - now()),
    )
    timer.unref()
    timers.set(key, { timer, at })
  }

  function scheduleNext(key: string, item: OutboxItem | undefined): void {
    if (item && isActive(item)) scheduleAt(key, item.nextAttemptAt)
  }

  // After an outage each waiting message would sit out its own backoff step (up to
  // 5 minutes): the first acceptance after a failure sends this instance's waiting
  // messages now instead, a few at a time.
  function noteService(outcome: SendOutcome['kind']): void {
    if (outcome === 'failed') {
      serviceFailing = true
      return
    }
    if (outcome !== 'accepted' || !serviceFailing) return
    serviceFailing = false
    const waiting = [...timers.entries()].filter(([, { at }]) => at > now())
    logger.info('outbox: the service accepts messages again; sending the waiting ones now', {
      count: waiting.length,
    })
    waiting.forEach(([key, { timer }], index) => {
      clearTimeout(timer)
      timers.delete(key)
      setTimeout(() => void retry(key, true), index * RECOVERY_SPACING_MS).unref()
    })
  }

  /** A timer's or the sweep's attempt of a due item (`early`: due or not, the service is back). */
  async function retry(key: string, early = false): Promise<void> {
    if (stopped) return
    try {
      const result = await deliver(key, (stored) =>
        stored && isActive(stored) && (early || isDue(stored, now(), maxWaitMs))
          ? stored
          : undefined,
      )
      if (!result.held) {
        // Held by a request or another instance, or left by a crashed one until its ttl ends.
        scheduleAt(key, now() + options.retryIntervalMs)
        return
      }
      scheduleNext(key, result.value.after)
    } catch (error) {
      logger.error('outbox: attempt failed; trying again', { error })
      scheduleAt(key, now() + options.retryIntervalMs)
    }
  }

  /** True when `work` has not settled within `ms` (it goes on either way). */
  async function answeredWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), ms)
    })
    try {
      return await Promise.race([
        work.then(
          () => false,
          () => false,
        ),
        late,
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  async function sweep(): Promise<number> {
    if (stopped || sweeping) return 0
    sweeping = true
    try {
      const keys = (await store.listRecords(KEY_PREFIXES.outboxDue))
        .map(outboxItemKeyOf)
        .filter((key) => !timers.has(key) && !busy.has(key))
        .sort()
      // Round-robin from where the last pass stopped, so a long list is covered in turn.
      const from = keys.findIndex((key) => key > cursor)
      const ordered = from <= 0 ? keys : [...keys.slice(from), ...keys.slice(0, from)]
      const batch = ordered.slice(0, sweepBatch)
      cursor = batch.at(-1) ?? ''
      let taken = 0
      await Promise.all(
        batch.map(async (key) => {
          const item = await read(key)
          if (!item || !isActive(item)) {
            elapsed.forget(key)
            return dropMarker(key, item)
          }
          if (!isDue(item, now(), maxWaitMs)) return
          taken += 1
          await retry(key)
        }),
      )
      return taken
    } catch (error) {
      logger.error('outbox: sweep failed', { error })
      return 0
    } finally {
      sweeping = false
    }
  }

  // A live concurrent holder stores the message within milliseconds of its claim; a
  // holder that died before storing it never will (its claim lapses after claimTtl).
  async function storedSoon(key: string): Promise<OutboxItem | undefined> {
    for (let wait = 0; ; wait += BUSY_POLL_MS) {
      const item = await read(key)
      if (item || wait >= BUSY_WAIT_MS) return item
      await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS))
    }
  }

  return {
    async submit(request) {
      const fresh = createOutboxItem(request, now())
      const key = outboxItemKey(fresh.visitorId, fresh.clientId)
      try {
        const delivery = deliver(key, (stored) => {
          if (!stored) return fresh
          if (stored.state === 'failed') return restart(stored, now())
          // Pending or delayed and nobody sending it: the visitor asks to send it now.
          return isActive(stored) ? stored : undefined
        })
        const slow = await answeredWithin(delivery, firstAnswerMs)
        if (slow) {
          // A slow service: the visitor hears "pending" now; the attempt goes on under
          // its claim and its outcome reaches the streams as a `delivery` event.
          delivery.then(
            (result) => result.held && scheduleNext(key, result.value.after),
            () => scheduleAt(key, now() + options.retryIntervalMs),
          )
          const item = await read(key)
          if (item) {
            const state = item.state === 'failed' ? 'pending' : item.state
            return { state, entries: await appendEntries(item) }
          }
        }
        const result = await delivery
        if (!result.held) {
          // Being sent right now by a concurrent request or a retry.
          const item = await storedSoon(key)
          // Nothing stored: answering "pending" would promise a message nobody holds.
          if (!item) return { state: 'busy', entries: [] }
          const state = item.state === 'failed' ? 'pending' : item.state
          return { state, entries: await appendEntries(item) }
        }
        const { after, entries } = result.value
        const item = after ?? fresh
        scheduleNext(key, item)
        return {
          state: item.state,
          ...(item.error ? { error: item.error } : {}),
          entries: entries ?? (await appendEntries(item)),
        }
      } catch (error) {
        // The item may be stored: keep trying it here rather than only after a restart.
        scheduleAt(key, now() + options.retryIntervalMs)
        throw error
      }
    },
    async resume() {
      await indexOlderItems()
      let count = 0
      for (const dueKey of await store.listRecords(KEY_PREFIXES.outboxDue)) {
        const key = outboxItemKeyOf(dueKey)
        const item = await read(key)
        if (!item || !isActive(item)) {
          await dropMarker(key, item)
          continue
        }
        // A crash between storing the item and logging its entries is repaired here.
        if (!item.logged) await appendEntries(item)
        // The time it waited while no process ran counts from here (bounded: see elapsed-time.ts).
        elapsed.watch(key, item)
        scheduleAt(key, item.nextAttemptAt)
        count += 1
      }
      if (count > 0) logger.info('resumed customer messages waiting for the service', { count })
      if (!stopped && !sweepTimer) {
        sweepTimer = setInterval(() => void sweep(), sweepMs)
        sweepTimer.unref()
      }
      return count
    },
    sweep,
    async stop() {
      stopped = true
      if (sweepTimer) clearInterval(sweepTimer)
      for (const { timer } of timers.values()) clearTimeout(timer)
      timers.clear()
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
