import type { Clocks } from '../clocks'
/** How far the wall clock may drift from the monotonic one between two readings (NTP slews ~2 s an hour). */
export const CLOCK_STEP_TOLERANCE_MS = 60_000

export type ClockVerdict = { trusted: true } | { trusted: false; reason: string }

export type ClockCheck = {
  /** Takes a reading: the baseline the next check compares with. */
  reset(): void
  /**
   * Trusted when the wall clock moved as far as the monotonic clock since the last
   * reading (within CLOCK_STEP_TOLERANCE_MS); either way the reading becomes the new
   * baseline, so a step is reported once and the clock is trusted again after a calm interval.
   */
  check(): ClockVerdict
}

/**
 * Notices a wall clock that stepped (a restart with a wrong clock, then NTP; an operator's
 * `date -s`) by comparing it with a monotonic clock, which never steps.
 *
 * @example const clock = createClockCheck({ now: Date.now, monotonic: () => performance.now() })
 */
export function createClockCheck(options: Clocks & { toleranceMs?: number }): ClockCheck {
  const { now, monotonic } = options
  const tolerance = options.toleranceMs ?? CLOCK_STEP_TOLERANCE_MS
  let wall = now()
  let mono = monotonic()
  return {
    reset() {
      wall = now()
      mono = monotonic()
    },
    check() {
      const nextWall = now()
      const nextMono = monotonic()
      const step = nextWall - wall - (nextMono - mono)
      wall = nextWall
      mono = nextMono
      if (Math.abs(step) <= tolerance) return { trusted: true }
      return {
        trusted: false,
        reason: `the wall clock stepped ${describeStep(step)} since the last reading (now ${new Date(nextWall).toISOString()})`,
      }
    },
  }
}

/** "+31 days", "-2 hours", "+90 s". */
export function describeStep(ms: number): string {
  const sign = ms < 0 ? '-' : '+'
  const abs = Math.abs(ms)
  if (abs >= 86_400_000) return `${sign}${(abs / 86_400_000).toFixed(1)} days`
  if (abs >= 3_600_000) return `${sign}${(abs / 3_600_000).toFixed(1)} hours`
  return `${sign}${Math.round(abs / 1000)} s`
}
