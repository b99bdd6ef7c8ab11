import type { RetentionKinds } from '../config/retention-kinds'
import type { Logger } from '../logging/logger'
import type { AgedKind, Retention, Store } from '../store/types'
import { deletePlanned, planFilePrune } from '../uploads/file-retention'
import type { FileStore } from '../uploads/file-store'
import { createClockCheck } from './clock-check'
import { adoptLegacyLifetimes } from './legacy-lifetimes'
import { checkAgainstReference } from './reference-clock'

/** How far the newest stored entry may be ahead of this clock (instances' clocks differ a little). */
export const BEHIND_TOLERANCE_MS = 5 * 60_000

export type RetentionPolicy = {
  /** How long each kind is kept (ms); a pass deletes messages, attachments, e-mail records, ratings and consents past theirs. */
  kinds: RetentionKinds
  /** RETENTION_DAYS: the lifetime e-mail records and ratings were written with before they were aged (legacy-lifetimes.ts). */
  maxAgeMs: number
  /** At most this many entries are kept per visitor. */
  maxEntries: number
  /** The first pass runs this long after start(), once the clock has held steady so long (0: at start). */
  startDelayMs: number
  /** One pass deletes at most this share of each kind stored (entries, attachments, e-mail records, ratings, consents). */
  maxDeletePercent: number
}

/** What one kind holds, and how to delete at most `cap` of its expired things. */
type KindPlan = {
  total: number
  expired: number
  newestAt: number | undefined
  drop(cap: number): Promise<number>
}

export type RetentionOptions = {
  store: Pick<
    Store,
    | 'prune'
    | 'retentionStats'
    | 'pruneConsents'
    | 'consentStats'
    | 'pruneAgedRecords'
    | 'agedRecordStats'
    | 'adoptAgedRecords'
  >
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
 * Retention that survives a wall clock that jumps. A pass deletes conversation entries,
 * attachments, e-mail records, ratings and consents, each past its own
 * RETENTION_<KIND>_DAYS (as set now, also for what was stored before), but:
 * - never at start: the first pass waits RETENTION_START_DELAY_SECONDS;
 * - a pass is skipped when the wall clock stepped since the last reading (it moved more or
 *   less than the monotonic clock), or reads earlier than the newest stored entry or file;
 * - one pass deletes at most RETENTION_MAX_DELETE_PERCENT of each kind stored, and logs an
 *   error when it would delete most of one (the clock, or a long stop: check which).
 *
 * @example const retention = createRetention({ store, files, policy, now: Date.now, monotonic: () => performance.now(), logger, everyMs: 3_600_000 })
 */
export function createRetention(options: RetentionOptions): RetentionRunner {
  const { store, files, policy, now, logger } = options
  const { kinds } = policy
  const clock = createClockCheck({ now, monotonic: options.monotonic })
  let running: Promise<void> | undefined
  let firstPass: Promise<void> | undefined
  let startTimer: NodeJS.Timeout | undefined
  let everyTimer: NodeJS.Timeout | undefined
  // Whether this process has brought the records of before the per-kind retention under it.
  let adopted = false

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
    if (!adopted) await adoptLegacy()
    // Each kind on its own: one that fails leaves the others to run.
    const kindsOfPass: [() => Promise<void>, string][] = [
      [pruneConversations, 'retention: prune failed'],
      [pruneAttachments, 'retention: attachments not pruned'],
      [pruneConsents, 'retention: consents not pruned'],
      [() => pruneAged('emails', 'e-mail records'), 'retention: e-mail records not pruned'],
      [() => pruneAged('ratings', 'ratings'), 'retention: ratings not pruned'],
    ]
    for (const [prune, failed] of kindsOfPass) {
      try {
        await prune()
      } catch (error) {
        logger.error(failed, { error })
      }
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

  /**
   * One kind's share of a pass: what is stored and expired, then at most
   * RETENTION_MAX_DELETE_PERCENT of it deleted, unless the clock reads before the newest.
   */
  async function pruneKind(what: string, done: string, plan: () => Promise<KindPlan>) {
    const { total, expired, newestAt, drop } = await plan()
    if (behind(what, newestAt)) return
    const cap = passCap(total, policy.maxDeletePercent)
    warnIfMost(what, expired, total, cap)
    const dropped = await drop(cap)
    if (dropped > 0) logger.info(done, { dropped, left: Math.max(0, expired - dropped) })
  }

  const pruneConversations = () =>
    pruneKind('conversation entries', 'retention: dropped old conversation entries', async () => {
      const retention: Retention = { maxAgeMs: kinds.messages, maxEntries: policy.maxEntries }
      const stats = await store.retentionStats(retention)
      return { ...stats, drop: (cap) => store.prune({ ...retention, maxDrop: cap }) }
    })

  const pruneAttachments = () =>
    pruneKind('attachments', 'retention: deleted old or unsent attachments', async () => {
      const plan = await planFilePrune(files, now(), { maxAgeMs: kinds.files })
      return {
        total: plan.total,
        expired: plan.expired.length,
        newestAt: plan.newestAt,
        drop: (cap) => deletePlanned(files, plan, cap),
      }
    })

  const pruneConsents = () =>
    pruneKind('consents', 'retention: dropped old consents', async () => {
      const retention = { maxAgeMs: kinds.consents }
      const stats = await store.consentStats(retention)
      return { ...stats, drop: (cap) => store.pruneConsents({ ...retention, maxDrop: cap }) }
    })

  /** Once per process, at its first pass: the same pass then deletes those past their retention. */
  async function adoptLegacy(): Promise<void> {
    try {
      const adoptedNow = await adoptLegacyLifetimes(store, policy.maxAgeMs)
      adopted = true
      if (adoptedNow.emails + adoptedNow.ratings > 0)
        logger.info('retention: records written before the per-kind retention now follow it', {
          adopted: adoptedNow,
        })
    } catch (error) {
      logger.error(
        'retention: records written before the per-kind retention not brought under it; tried again next pass',
        { error },
      )
    }
  }

  const pruneAged = (kind: AgedKind, what: string) =>
    pruneKind(what, `retention: dropped old ${what}`, async () => {
      const retention = { maxAgeMs: kinds[kind] }
      const stats = await store.agedRecordStats(kind, retention)
      return {
        ...stats,
        drop: (cap) => store.pruneAgedRecords(kind, { ...retention, maxDrop: cap }),
      }
    })

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
