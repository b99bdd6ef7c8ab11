/** Work under way (deliveries, bot calls), so callers can wait until all of it has finished. */
export class Pending {
  readonly #promises = new Set<Promise<unknown>>()

  track<T>(promise: Promise<T>): Promise<T> {
    this.#promises.add(promise)
    const done = () => this.#promises.delete(promise)
    promise.then(done, done)
    return promise
  }

  async settled(): Promise<void> {
    while (this.#promises.size > 0) await Promise.allSettled([...this.#promises])
  }
}
