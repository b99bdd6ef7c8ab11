const noop = (): void => {}

/**
 * Code the first open does not run, fetched on first use (a chunk of its own): every
 * call gets the same module; a failed load (the network dropped) is tried again at the
 * next call. Calls chained on it run in order, so nothing asked meanwhile is lost.
 */
export function onDemand<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

/**
 * A helper made by a lazily loaded chunk (the typing sender, the read sync, the reply
 * sound): `run` calls it once it is there, in the order asked, loading it at the first
 * call; `ifMade` only if something asked for it already (stopping one never loads it).
 * A call whose chunk could not load is dropped: these helpers are hints, tried again
 * at their next use.
 */
export function later<T>(make: () => Promise<T>) {
  let made = false
  const get = onDemand(() => {
    made = true
    return make()
  })
  return {
    run(use: (helper: T) => void): void {
      get().then(use, noop)
    },
    ifMade(use: (helper: T) => void): void {
      if (made) get().then(use, noop)
    },
  }
}
