import type { Logger } from '../logging/logger'

/**
 * The e-mail service's timers: work run later on this instance (a schedule coming due,
 * an e-mail's next attempt), its failures logged, none started once cancelled. The
 * stored work stays for any instance; these timers only make this one prompt.
 *
 * @example const work = createScheduledWork(logger); work.later(5000, () => outbox.deliver(key))
 */
export function createScheduledWork(logger: Logger) {
  const timers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<unknown>>()
  let cancelled = false

  return {
    /** Runs `fn` in `ms` (at once when not positive), unless cancelled by then. */
    later(ms: number, fn: () => Promise<unknown>): void {
      if (cancelled) return
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          if (cancelled) return
          const work: Promise<unknown> = fn()
            .catch((error: unknown) => logger.error('e-mail: scheduled work failed', { error }))
            .finally(() => running.delete(work))
          running.add(work)
        },
        Math.max(0, ms),
      )
      timer.unref()
      timers.add(timer)
    },
    /** No timer fires from now on; work already started goes on (see settle). */
    cancel(): void {
      cancelled = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
    /** Resolves once the work started by timers has ended. */
    async settle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
