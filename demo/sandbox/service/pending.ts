/** Work under way (deliveries, bot calls), so callers can wait until all of it has finished. */
export interface Pending {
  /** Remembers the promise until it settles; returns it unchanged. */
  track<T>(promise: Promise<T>): Promise<T>
  /** Resolves once nothing is under way, including work started while waiting. */
  settled(): Promise<void>
}

export function createPending(): Pending {
  const promises = new Set<Promise<unknown>>()
  return {
    track(promise) {
      promises.add(promise)
      const done = () => promises.delete(promise)
      promise.then(done, done)
      return promise
    },
    async settled() {
      while (promises.size > 0) await Promise.allSettled([...promises])
    },
  }
}
