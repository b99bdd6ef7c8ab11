import type { KeyValueStore, StoreKey } from './key-value-store'

/** An in-memory store; values are structured-cloned like IndexedDB does. */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<StoreKey, unknown>()
  return {
    async get(key) {
      return values.has(key) ? structuredClone(values.get(key)) : undefined
    },
    async set(key, value) {
      values.set(key, structuredClone(value))
    },
    async del(key) {
      values.delete(key)
    },
  }
}
