import { type KeyValueStore, keyValueStore, type StoreKey } from './key-value-store'

/** An in-memory store; values are structured-cloned like IndexedDB does. */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<StoreKey, unknown>()
  return keyValueStore(
    async (keys) => keys.map((key) => structuredClone(values.get(key))),
    async (puts, deletes) => {
      // Clone first: a value that cannot be stored fails the whole write, like IndexedDB.
      for (const [key, value] of structuredClone(puts)) values.set(key, value)
      for (const key of deletes) values.delete(key)
    },
  )
}
