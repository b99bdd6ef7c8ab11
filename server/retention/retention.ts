import type { Logger } from '../logging/logger'
import type { Retention, Store } from '../store/types'
import { deletePlanned, planFilePrune } from '../uploads/file-retention'
import type { FileStore } from '../uploads/file-store'
import { createClockCheck } from './clock-check'
import { checkAgainstReference } from './reference-clock'

/** How far the newest stored entry may be ahead of this clock (instances' clocks differ a little). */
export const BEHIND_TOLERANCE_MS = 5 * 60_000

export type RetentionPolicy = Retention & {
  /** The first pass runs this long after start(), once the clock has held steady so long (0: at start). */
  startDelayMs: number
  /** One pass deletes at most this share of what is stored (conversation entries; attachments). */
  maxDeletePercent: number
}

export type RetentionOptions = {
  store: Pick<Store, 'prune' | 'retentionStats'>
  files: FileStore
  policy: RetentionPolicy
  now: () => number
  /** A clock that never steps (performance.now); compared with `now` to notice a wall clock that did. */
  monotonic: () => number
  logger: Logger
  everyMs: number
  /**
   * Another machine's clock, read now (the conversation service's, from an A1 answer's
   * `Date` header); undefined when it cannot be read. A pass is skipped while this clock
   * is far from it: a clock already wrong at start shows no step to the monotonic check.
   */
  referenceClock?: () => Promise<number | undefined>
}

export type RetentionRunner = {
  /** The first pass (undefined until it begins, RETENTION_START_DELAY_SECONDS after start()). */
  readonly firstPass: Promise<void> | undefined
  /** Runs a pass now; while one is running, answers that one. Never rejects (errors are logged). */
  run(): Promise<void>
  start(): void
  stop(): void
}

/** The most one pass may delete of `total` things: `percent` of them, at least one. */
export function passCap(total: number, percent: number): number {
  return Math.max(1, Math.ceil((total * percent) / 100))
}

/**
 * Retention that survives a wall clock that jumps. A pass deletes conversation entries and
 * attachments past RETENTION_DAYS, but:
 * - never at start: the first pass waits RETENTION_START_DELAY_SECONDS;
 * - a pass is skipped when the wall clock stepped since the last reading (it moved more or
 *   less than the monotonic clock), or reads earlier than the newest stored entry or file;
 * - one pass deletes at most RETENTION_MAX_DELETE_PERCENT of what is stored, and logs an
 *   error when it would delete most of it (the clock, or a long stop: check which).
 *
 * @example const retention = createRetention({ store, files, policy, now: Date.now, monotonic: () => performance.now(), logger, everyMs: 3_600_000 })
 */
export function createRetention(options: RetentionOptions): RetentionRunner {
  const { store, files, policy, now, logger } = options
  const clock = createClockCheck({ now, monotonic: options.monotonic })
  let running: Promise<void> | undefined
  let firstPass: Promise<void> | undefined
  let startTimer: NodeJS.Timeout | undefined
  let everyTimer: NodeJS.Timeout | undefined

  function run(): Promise<void> {
    running ??= pass().finally(() => {
      running = undefined
    })
    return running
  }

  async function pass(): Promise<void> {
    const verdict = clock.check()
    if (!verdict.trusted) {
      logger.warn(
        `retention: pass skipped, ${verdict.reason}; nothing is deleted until the clock holds steady for a pass interval`,
      )
      return
    }
    const reference = await options.referenceClock?.().catch(() => undefined)
    const agreed = checkAgainstReference(now(), reference)
    if (!agreed.trusted) {
      logger.error(
        `retention: pass skipped, ${agreed.reason}: fix the system clock; nothing is deleted until the two agree`,
      )
      return
    }
    try {
      await pruneConversations()
    } catch (error) {
      logger.error('retention: prune failed', { error })
    }
    try {
      await pruneAttachments()
    } catch (error) {
      logger.error('retention: attachments not pruned', { error })
    }
  }

  /** True (and logged) when the clock reads before the newest stored thing: it cannot be right. */
  function behind(what: string, newestAt: number | undefined): boolean {
    const at = now()
    if (newestAt === undefined || at >= newestAt - BEHIND_TOLERANCE_MS) return false
    logger.error(
      `retention: ${what} not pruned, the clock (${new Date(at).toISOString()}) reads before the newest one stored (${new Date(newestAt).toISOString()}): check the system clock`,
    )
    return true
  }

  function warnIfMost(what: string, expired: number, total: number, cap: number): void {
    if (expired === 0 || expired * 2 <= total) return
    logger.error(
      `retention: this pass would delete most of the ${what} (${expired} of ${total}); at most ${cap} go now, the rest in later passes. If the system clock (${new Date(now()).toISOString()}) is wrong, fix it now`,
      { expired, total, cap },
    )
  }

  async function pruneConversations(): Promise<void> {
    const retention: Retention = { maxAgeMs: policy.maxAgeMs, maxEntries: policy.maxEntries }
    const stats = await store.retentionStats(retention)
    if (behind('conversation entries', stats.newestAt)) return
    const cap = passCap(stats.total, policy.maxDeletePercent)
    warnIfMost('conversation entries', stats.expired, stats.total, cap)
    const dropped = await store.prune({ ...retention, maxDrop: cap })
    if (dropped > 0) {
      logger.info('retention: dropped old conversation entries', {
        dropped,
        left: Math.max(0, stats.expired - dropped),
      })
    }
  }

  async function pruneAttachments(): Promise<void> {
    const plan = await planFilePrune(files, now(), { maxAgeMs: policy.maxAgeMs })
    if (behind('attachments', plan.newestAt)) return
    const cap = passCap(plan.total, policy.maxDeletePercent)
    warnIfMost('attachments', plan.expired.length, plan.total, cap)
    const dropped = await deletePlanned(files, plan, cap)
    if (dropped > 0) {
      logger.info('retention: deleted old or unsent attachments', {
        dropped,
        left: plan.expired.length - dropped,
      })
    }
  }

  return {
    get firstPass() {
      return firstPass
    },
    run,
    start() {
      clearTimeout(startTimer)
      clearInterval(everyTimer)
      // The baseline the first pass checks the clock against.
      clock.reset()
      if (policy.startDelayMs === 0) firstPass = run()
      else {
        startTimer = setTimeout(() => {
          firstPass = run()
        }, policy.startDelayMs)
        startTimer.unref()
      }
      everyTimer = setInterval(() => void run(), options.everyMs)
      everyTimer.unref()
    },
    stop() {
      clearTimeout(startTimer)
      clearInterval(everyTimer)
    },
  }
}
