/**
 * True when a store failure depends on the message itself, not on the store's health:
 * trying again can never succeed (a RangeError: the serialiser's stack or string size
 * ran out). Everything else (a StoreError for an unreachable or closed store, a disk
 * error) may pass, so the service is asked to retry.
 */
export function isPermanentStoreFailure(error: unknown): boolean {
  return error instanceof RangeError
}
