import type { Logger } from '../logging/logger'
import { KEY_PREFIXES, outboxItemKeyOf } from '../store/keys'
import type { Store } from '../store/types'
import type { SendOutcome } from './channel-client'
import { isDue } from './outbox-decision'
import { isActive, type OutboxItem } from './outbox-item'

/** How far apart the recovery burst sends the waiting messages. */
const RECOVERY_SPACING_MS = 20

export type OutboxScheduleOptions = {
  store: Pick<Store, 'listRecords'>
  logger: Logger
  now: () => number
  /** The longest any wait may be: a time further ahead was set by a clock that stepped back. */
  maxWaitMs: number
  /** The pause before trying again an item held elsewhere or whose attempt threw. */
  retryIntervalMs: number
  sweepMs: number
  sweepBatch: number
  read(key: string): Promise<OutboxItem | undefined>
  /** Deletes the due marker of an item that is gone or finished. */
  dropMarker(key: string, item: OutboxItem | undefined): Promise<void>
  /** This instance is attempting `key` right now. */
  isBusy(key: string): boolean
  /** The item is finished or gone: stop counting its elapsed time. */
  forget(key: string): void
  /**
   * Attempts the item if it is active and due (`early`: due or not); `held: false` when
   * another holder has it. The item as it is afterwards.
   */
  attemptDue(
    key: string,
    early: boolean,
  ): Promise<{ held: true; value: { after: OutboxItem | undefined } } | { held: false }>
}

/**
 * When the A2 outbox tries its items again: one timer per waiting item in this
 * instance, the recovery burst when the service accepts again after failing, and the
 * periodic sweep for due items nobody works on (a crashed instance's).
 */
export function createOutboxSchedule(options: OutboxScheduleOptions) {
  const { store, logger, now, maxWaitMs } = options
  const timers = new Map<string, { timer: NodeJS.Timeout; at: number }>()
  let sweepTimer: NodeJS.Timeout | undefined
  let sweeping = false
  let cursor = ''
  let stopped = false
  let serviceFailing = false

  function at(key: string, when: number): void {
    if (stopped) return
    const existing = timers.get(key)
    if (existing && existing.at <= when) return
    if (existing) clearTimeout(existing.timer)
    const timer = setTimeout(
      () => {
        timers.delete(key)
        void retry(key)
      },
      // A time further ahead than any wait was set by a clock that has since stepped back: now.
      when - now() > maxWaitMs ? 0 : Math.max(0, when - now()),
    )
    timer.unref()
    timers.set(key, { timer, at: when })
  }

  function next(key: string, item: OutboxItem | undefined): void {
    if (item && isActive(item)) at(key, item.nextAttemptAt)
  }

  /** Soon: after the retry interval (held elsewhere, or the attempt threw). */
  function soon(key: string): void {
    at(key, now() + options.retryIntervalMs)
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
      const result = await options.attemptDue(key, early)
      // Held by a request or another instance, or left by a crashed one until its ttl ends.
      if (!result.held) return soon(key)
      next(key, result.value.after)
    } catch (error) {
      logger.error('outbox: attempt failed; trying again', { error })
      soon(key)
    }
  }

  async function sweep(): Promise<number> {
    if (stopped || sweeping) return 0
    sweeping = true
    try {
      const keys = (await store.listRecords(KEY_PREFIXES.outboxDue))
        .map(outboxItemKeyOf)
        .filter((key) => !timers.has(key) && !options.isBusy(key))
        .sort()
      // Round-robin from where the last pass stopped, so a long list is covered in turn.
      const from = keys.findIndex((key) => key > cursor)
      const ordered = from <= 0 ? keys : [...keys.slice(from), ...keys.slice(0, from)]
      const batch = ordered.slice(0, options.sweepBatch)
      cursor = batch.at(-1) ?? ''
      let taken = 0
      await Promise.all(
        batch.map(async (key) => {
          const item = await options.read(key)
          if (!item || !isActive(item)) {
            options.forget(key)
            return options.dropMarker(key, item)
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

  return {
    /** Attempts `key` at `when` (an earlier time already set wins). */
    at,
    /** Attempts an active item when its next attempt is due. */
    next,
    soon,
    noteService,
    sweep,
    /** Starts the periodic sweep (once). */
    startSweep(): void {
      if (stopped || sweepTimer) return
      sweepTimer = setInterval(() => void sweep(), options.sweepMs)
      sweepTimer.unref()
    },
    /** No new timers; the ones set are cleared. */
    stop(): void {
      stopped = true
      if (sweepTimer) clearInterval(sweepTimer)
      for (const { timer } of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
