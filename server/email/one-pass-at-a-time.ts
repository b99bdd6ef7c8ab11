import type { Logger } from '../logging/logger'

/**
 * A pass of work (a sweep, a flush) that never runs twice at once on this instance: a
 * call while one is under way joins it. A failed pass is logged as `failure` and counts
 * as 0 done, so a caller never sees it throw.
 *
 * @example const sweeps = onePassAtATime(logger, 'e-mail: sweep failed', sweepOnce); await sweeps.run()
 */
export function onePassAtATime<A extends unknown[]>(
  logger: Logger,
  failure: string,
  pass: (...args: A) => Promise<number>,
) {
  let current: Promise<number> | undefined
  return {
    run(...args: A): Promise<number> {
      current ??= pass(...args)
        .catch((error: unknown) => {
          logger.error(failure, { error })
          return 0
        })
        .finally(() => {
          current = undefined
        })
      return current
    },
    /** The pass under way, if any. */
    get current(): Promise<number> | undefined {
      return current
    },
  }
}
