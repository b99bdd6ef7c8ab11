import type { KeyValueStore, StoreKey } from '../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../widget/storage/memory-store'

/** A widget storage in memory that records every key written or deleted, in order. */
export function recordingStore(): { storage: KeyValueStore; written: StoreKey[] } {
  const storage = createMemoryStore()
  const written: StoreKey[] = []
  const write = storage.write.bind(storage)
  storage.write = (puts, deletes) => {
    written.push(...puts.map(([key]) => key), ...deletes)
    return write(puts, deletes)
  }
  storage.set = (key, value) => storage.write([[key, value]], [])
  storage.del = (key) => storage.write([], [key])
  return { storage, written }
}
