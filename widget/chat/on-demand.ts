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
