import type { Store } from '../../../server/store/types'

/** `store` seen through a wrapper that records the key of every getRecord, in order. */
export function recordingReads(store: Store): { store: Store; reads: string[] } {
  const reads: string[] = []
  return {
    reads,
    store: {
      ...store,
      getRecord: (key, schema, onMismatch) => {
        reads.push(key)
        return store.getRecord(key, schema, onMismatch)
      },
    },
  }
}
