/**
 * Fixed-window counters per key, in this process. Windows are swept as they end,
 * so memory is bounded by the keys active in one window.
 */
export type RateLimiter = {
  /** Counts one hit for `key`; undefined when allowed, else seconds until it is. */
  hit(key: string): number | undefined
}

export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now: () => number
}): RateLimiter {
  let windowStart = options.now()
  let counts = new Map<string, number>()
  return {
    hit(key) {
      const now = options.now()
      if (now - windowStart >= options.windowMs) {
        windowStart = now - ((now - windowStart) % options.windowMs)
        counts = new Map()
      }
      const count = (counts.get(key) ?? 0) + 1
      counts.set(key, count)
      if (count <= options.limit) return undefined
      return Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000))
    },
  }
}
