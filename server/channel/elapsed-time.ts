import type { Clocks } from '../clocks'
import type { OutboxItem } from './outbox-item'

/**
 * The most wall-clock time counted for a gap no process watched with its monotonic
 * clock: a restart, or an item another instance saved. A wall clock that stepped (25 h
 * ahead for 25 s, say) must not use up A2_GIVE_UP_HOURS at once; the price is that
 * time this process spends down counts at most this much per restart.
 */
export const MAX_UNWATCHED_GAP_MS = 3_600_000

/**
 * How long an item's current round of attempts has lasted, counted for
 * A2_GIVE_UP_HOURS. An item carries what was counted when it was last saved
 * (`waitedMs`, as of `countedAt`); this process counts on from there with its
 * monotonic clock, so wall-clock steps change nothing. A gap nobody watched (before
 * this process saw the item) is taken from the wall clock, bounded by
 * MAX_UNWATCHED_GAP_MS. Items of older versions (no `waitedMs`) count from when their
 * round began, by the wall clock, as they always did.
 */
export type ElapsedTime = {
  /** The round's elapsed time now (ms). */
  of(key: string, item: OutboxItem): number
  /** From now on, count `item` (as stored) with the monotonic clock, unless already counting it. */
  watch(key: string, item: OutboxItem): void
  forget(key: string): void
}

type Mark = {
  /** Monotonic time when the count was `base`. */
  at: number
  base: number
  /** The stored count this mark continues (a save elsewhere makes it stale). */
  waitedMs: number | undefined
  countedAt: number | undefined
}

/**
 * @example const elapsed = createElapsedTime({ now: Date.now, monotonic: () => performance.now() })
 */
export function createElapsedTime(options: Clocks & { maxGapMs?: number }): ElapsedTime {
  const { now, monotonic } = options
  const maxGapMs = options.maxGapMs ?? MAX_UNWATCHED_GAP_MS
  const marks = new Map<string, Mark>()

  function current(key: string, item: OutboxItem): Mark | undefined {
    const mark = marks.get(key)
    return mark && mark.waitedMs === item.waitedMs && mark.countedAt === item.countedAt
      ? mark
      : undefined
  }

  /** The count from the stored item alone (nobody here watched the time since it was saved). */
  function unwatched(item: OutboxItem): number {
    const wall = now()
    if (item.waitedMs === undefined) return Math.max(0, wall - (item.startedAt ?? item.createdAt))
    const gap = wall - (item.countedAt ?? wall)
    return item.waitedMs + Math.min(Math.max(0, gap), maxGapMs)
  }

  return {
    of(key, item) {
      const mark = current(key, item)
      return mark ? mark.base + Math.max(0, monotonic() - mark.at) : unwatched(item)
    },
    watch(key, item) {
      if (current(key, item)) return
      marks.set(key, {
        at: monotonic(),
        base: unwatched(item),
        waitedMs: item.waitedMs,
        countedAt: item.countedAt,
      })
    },
    forget(key) {
      marks.delete(key)
    },
  }
}
