import { randomUUID } from 'node:crypto'
import { DEFAULT_BACKOFF } from '../../shared/backoff'
import type { ConversationEntry } from '../../shared/widget-api'
import { KEY_PREFIXES, outboxItemKey, outboxItemKeyOf, outboxLockKey } from '../store/keys'
import { type Lease, withClaim } from '../store/with-claim'
import { createElapsedTime } from './elapsed-time'
import { createPartSender } from './outbox-attempt'
import { isDue, maxWaitOf, type RetryPolicy, restart } from './outbox-decision'
import { createOutboxItem, deliveryState, isActive, type OutboxItem } from './outbox-item'
import { createOutboxRecords } from './outbox-records'
import { createOutboxSchedule } from './outbox-schedule'
import type { Outbox, OutboxOptions } from './outbox-types'

const DAY = 86_400_000

export type { Outbox, OutboxOptions, SubmitResult } from './outbox-types'

/** The longest part of a claim's lifetime the upstream timeout accounts for (see claimMarginMs). */
const CLAIM_BASE_MS = 10_000
const BUSY_WAIT_MS = 1000
const BUSY_POLL_MS = 50

/** What one claimed attempt (attemptClaimed) leaves: the item after it. */
type AttemptResult = {
  after: OutboxItem | undefined
  /** Set when this attempt wrote the entries to the log. */
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
  const busy = new Set<string>()
  const running = new Set<Promise<unknown>>()
  let stopped = false
  const records = createOutboxRecords({ store, logger, now, keepMs, youngMs: claimTtl })
  const { read, appendEntries, announce, dropMarker, indexOlderItems } = records
  const schedule = createOutboxSchedule({
    store,
    logger,
    now,
    maxWaitMs,
    retryIntervalMs: options.retryIntervalMs,
    sweepMs,
    sweepBatch,
    read,
    dropMarker,
    isBusy: (key) => busy.has(key),
    forget: (key) => elapsed.forget(key),
    attemptDue: (key, early) =>
      attemptClaimed(key, (stored) =>
        stored && isActive(stored) && (early || isDue(stored, now(), maxWaitMs))
          ? stored
          : undefined,
      ),
  })
  const attempt = createPartSender({
    client,
    logger,
    now,
    owner,
    policy,
    elapsed,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    records,
    noteService: schedule.noteService,
    stopped: () => stopped,
  })

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work)
    work.then(
      () => running.delete(work),
      () => running.delete(work),
    )
    return work
  }

  /** The one core sequence: claim, re-read, choose, log entries, attempt, announce, release. */
  function attemptClaimed(
    key: string,
    choose: (stored: OutboxItem | undefined) => OutboxItem | undefined,
  ): Promise<{ held: true; value: AttemptResult } | { held: false }> {
    // This instance is on it already: as good as another holder's claim.
    if (busy.has(key)) return Promise.resolve({ held: false })
    busy.add(key)
    // One attempt: another holder (instance or path) on it is as good as this one.
    const work = withClaim(
      store,
      outboxLockKey(key),
      { ttl: claimTtl, onTimeout: 'skip' },
      async (lease): Promise<AttemptResult> => {
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

  /** attemptClaimed()'s work under the claim. */
  async function attemptHeld(
    key: string,
    choose: (stored: OutboxItem | undefined) => OutboxItem | undefined,
    lease: Lease,
  ): Promise<AttemptResult> {
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
        const first = attemptClaimed(key, (stored) => {
          if (!stored) return fresh
          if (stored.state === 'failed') return restart(stored, now())
          // Pending or delayed and nobody sending it: the visitor asks to send it now.
          return isActive(stored) ? stored : undefined
        })
        const slow = await answeredWithin(first, firstAnswerMs)
        if (slow) {
          // A slow service: the visitor hears "pending" now; the attempt goes on under
          // its claim and its outcome reaches the streams as a `delivery` event.
          first.then(
            (result) => result.held && schedule.next(key, result.value.after),
            () => schedule.soon(key),
          )
          const item = await read(key)
          if (item) {
            const state = item.state === 'failed' ? 'pending' : item.state
            return { state, entries: await appendEntries(item) }
          }
        }
        const result = await first
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
        schedule.next(key, item)
        return {
          state: item.state,
          ...(item.error ? { error: item.error } : {}),
          entries: entries ?? (await appendEntries(item)),
        }
      } catch (error) {
        // The item may be stored: keep trying it here rather than only after a restart.
        schedule.soon(key)
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
        schedule.at(key, item.nextAttemptAt)
        count += 1
      }
      if (count > 0) logger.info('resumed customer messages waiting for the service', { count })
      schedule.startSweep()
      return count
    },
    sweep: schedule.sweep,
    async stop() {
      stopped = true
      schedule.stop()
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
