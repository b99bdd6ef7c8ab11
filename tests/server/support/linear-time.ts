import { expect } from 'vitest'

// The linear-time family (tests/server/linear-time/): every parser and text path fed
// inputs of 10, 100 and 1,000 times their usual size. Time is never compared with a
// figure, only with itself: the ratio t(1000×)/t(10×) is about 100 for linear work and
// about 10,000 for quadratic work, whatever the machine's speed.

/** The sizes, as multiples of a usual input (300× only guards the way to 1,000×). */
export const SCALES = [10, 100, 300, 1000] as const

/**
 * How much slower than linear the largest size may be: t(1000×)/t(10×) must stay under
 * SLACK × 100 = 500, where linear work gives about 100 and quadratic about 10,000. Linear
 * work that makes many small objects (linkify's 100,000 parts of `__a __a …`) measured
 * 304 in a full suite on a loaded machine: its largest input outgrows the young
 * generation, and the collector's extra work is not the algorithm's.
 */
export const SLACK = 5

/**
 * The same for the sizes on the way, looser (a 10× input does little work, so fixed
 * costs weigh more in it): t(n×)/t(10×) under GUARD_SLACK × n/10. Quadratic work fails
 * at the first size where it shows instead of running the largest input for minutes.
 */
export const GUARD_SLACK = 6

/** Enough for the family's tests on a loaded machine; each takes a second or two. */
export const LINEAR_TEST_TIMEOUT_MS = 120_000

/**
 * The process's CPU time in milliseconds. Not the wall clock: on a machine shared with
 * other work, a run of 100 ms is interrupted far more often than one of 0.1 ms, which
 * would inflate the ratio. (Vitest runs each test file in a process of its own.)
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** Each sample repeats the work until this much CPU time is spent, so timer noise is small. */
const SAMPLE_MS = 15
/** Samples per size; the fastest counts (a busy machine only ever adds time). */
const SAMPLES = 5

/**
 * A text input for the family: `unit` repeated to `scale` times `usual` characters.
 *
 * @example repeated('word ', 200)(10).length // 2000
 */
export function repeated(unit: string, usual: number): (scale: number) => string {
  return (scale) => unit.repeat(Math.ceil((usual * scale) / unit.length)).slice(0, usual * scale)
}

/** One path of the family: how to make its input at a size, and the work to time. */
export type GrowingPath<T> = {
  /** The input at `scale` times a usual one. Not timed. */
  make(scale: number): T
  /** The work timed on it: a parse, a split, a request answered. */
  run(input: T): unknown
}

/** The fastest run of `path` on `input`, in milliseconds of CPU time. */
async function fastestRun<T>(path: GrowingPath<T>, input: T): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY
  for (let sample = 0; sample < SAMPLES; sample++) {
    let runs = 0
    const start = cpuMs()
    let elapsed = 0
    do {
      await path.run(input)
      runs++
      elapsed = cpuMs() - start
    } while (elapsed < SAMPLE_MS)
    fastest = Math.min(fastest, elapsed / runs)
  }
  return fastest
}

/**
 * Fails unless `path`'s time grows linearly with its input: t(1000×)/t(10×) under
 * SLACK × 100, and on the way t(n×)/t(10×) under GUARD_SLACK × n/10. Warms up first; each time is the fastest
 * of several samples of CPU time.
 *
 * @example await expectLinearTime({ make: (n) => ' '.repeat(n * 100), run: (text) => trim(text) })
 */
export async function expectLinearTime<T>(path: GrowingPath<T>): Promise<void> {
  const [first, ...larger] = SCALES
  const smallest = path.make(first)
  // Warm-up: the first runs compile the code and fill caches.
  await fastestRun(path, smallest)
  const base = await fastestRun(path, smallest)
  const times = [`${first}×: ${base.toFixed(3)} ms`]
  for (const scale of larger) {
    const slack = scale === SCALES[SCALES.length - 1] ? SLACK : GUARD_SLACK
    const time = await fastestRun(path, path.make(scale))
    times.push(`${scale}×: ${time.toFixed(3)} ms`)
    expect(time / base, `t(${scale}×)/t(${first}×) (${times.join(', ')})`).toBeLessThan(
      (slack * scale) / first,
    )
  }
}
