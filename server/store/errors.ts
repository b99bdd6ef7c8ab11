/** A store operation failed (unreachable, closed, corrupt data). */
export class StoreError extends Error {
  override name = 'StoreError' as const
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError
}

/** Thrown by every operation of a store after close(). */
export function closedStoreError(kind: string): StoreError {
  return new StoreError(`the ${kind} store is closed: create a new one with createStore()`)
}
