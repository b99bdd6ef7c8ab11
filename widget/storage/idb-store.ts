import { createStore, del, get, set } from 'idb-keyval'
import type { KeyValueStore, StoreKey } from './key-value-store'

/**
 * The browser store: one IndexedDB database per backend, so two Porthole backends on
 * one site keep separate conversations. Falls back to memory (state then lasts one
 * page view) where IndexedDB is unavailable, e.g. some private-browsing modes.
 */
export function createIdbStore(base: string): KeyValueStore {
  if (typeof indexedDB === 'undefined') {
    console.warn('Porthole: no IndexedDB; the chat will not survive a reload')
    const values = new Map<StoreKey, unknown>()
    return {
      get: async (key) => values.get(key),
      set: async (key, value) => void values.set(key, value),
      del: async (key) => void values.delete(key),
    }
  }
  const store = createStore(`porthole:${new URL(base).host}`, 'state')
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  }
}
