/** An exponential backoff schedule: base·2ⁿ, capped, spread by ±jitter. */
export type Backoff = {
  baseMs: number
  maxMs: number
  /** The spread as a fraction of the delay (0.2 = ±20 %), so many clients do not retry in step. */
  jitter: number
}

/** 5 s doubling to a 5-minute cap, ±20 %. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 5000, maxMs: 300_000, jitter: 0.2 }

/**
 * The pause before retry `n` (from 0) without the spread: base·2ⁿ, capped. The widget's
 * schedules take this alone (they spread nothing, and every byte of the widget counts).
 *
 * @example exactDelay(3, { baseMs: 1000, maxMs: 30_000 }) // 8000
 */
export function exactDelay(n: number, backoff: Pick<Backoff, 'baseMs' | 'maxMs'>): number {
  // 2^30 times any sane base is past every cap; the bound keeps the power finite.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(n, 30))
}

/**
 * The pause before retry `n` (from 0) of a backoff schedule. `random` returns a
 * number in [0, 1), like Math.random (tests pass a fixed one).
 *
 * @example backoffDelay(2, DEFAULT_BACKOFF, () => 0.5) // 20000
 */
export function backoffDelay(
  n: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('backoffDelay: n must be an integer ≥ 0')
  const exact = exactDelay(n, backoff)
  const spread = exact * backoff.jitter * (2 * random() - 1)
  return Math.max(0, Math.round(exact + spread))
}
