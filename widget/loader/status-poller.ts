export interface StatusPollerOptions {
  /** Resolves the channel status (a number: see start.ts); rejects when the backend cannot be reached (reported as -1). */
  fetchStatus: () => Promise<number>
  onStatus: (status: number) => void
  intervalSeconds: number
  random?: () => number
  /** The first poll waits this long instead of going at once (a new leader, see shared-status.ts). */
  firstDelayMs?: number
}

/**
 * Polls the status every interval ±20% (jitter spreads many visitors' requests) and
 * pauses while the tab is hidden; a tab that becomes visible polls at once.
 * Returns a function that stops polling.
 */
export function pollStatus(options: StatusPollerOptions): () => void {
  const random = options.random ?? Math.random
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  function schedule(): void {
    clearTimeout(timer)
    if (stopped || document.hidden) return
    const delay = options.intervalSeconds * 1000 * (0.8 + 0.4 * random())
    timer = setTimeout(poll, delay)
  }

  function poll(): void {
    if (stopped) return
    options
      .fetchStatus()
      // Unreachable: the status is unknown (-1), not the last answer (a green dot while the
      // backend is down); the next poll tries again.
      .catch(() => -1)
      .then((status) => {
        if (!stopped) options.onStatus(status)
      })
      .finally(schedule)
  }

  function onVisibility(): void {
    if (document.hidden) clearTimeout(timer)
    else poll()
  }

  document.addEventListener('visibilitychange', onVisibility)
  if (!document.hidden) timer = setTimeout(poll, options.firstDelayMs)
  return () => {
    stopped = true
    clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}
