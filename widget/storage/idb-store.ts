import { createStore, promisifyRequest } from 'idb-keyval'
import { type KeyValueStore, keyValueStore } from './key-value-store'
import { createMemoryStore } from './memory-store'

/**
 * The browser store: one IndexedDB database per backend, so two Porthole backends on
 * one site keep separate conversations. Falls back to memory (state then lasts one
 * page view) where IndexedDB is unavailable, e.g. some private-browsing modes.
 */
export function createIdbStore(base: string): KeyValueStore {
  if (typeof indexedDB === 'undefined') {
    console.warn('Porthole: no IndexedDB; the chat lasts one page view')
    return createMemoryStore()
  }
  const store = createStore(`porthole:${new URL(base).host}`, 'state')
  return keyValueStore(
    (keys) =>
      store('readonly', (objects) =>
        Promise.all(keys.map((key) => promisifyRequest(objects.get(key)))),
      ),
    (puts, deletes) =>
      store('readwrite', (objects) => {
        for (const [key, value] of puts) objects.put(value, key)
        for (const key of deletes) objects.delete(key)
        return promisifyRequest(objects.transaction)
      }),
  )
}
