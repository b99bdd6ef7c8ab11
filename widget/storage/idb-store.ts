import { promisifyRequest } from 'idb-keyval'
import { type KeyValueStore, keyValueStore } from './key-value-store'
import { createMemoryStore } from './memory-store'

const STORE = 'state'

/**
 * Opens the database; without `create`, a database that does not exist yet is not made
 * (its creation is aborted in onupgradeneeded) and the answer is undefined.
 */
function openDatabase(name: string, create: boolean): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onupgradeneeded = () => {
      if (create) request.result.createObjectStore(STORE)
      else request.transaction?.abort()
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => (create ? reject(request.error) : resolve(undefined))
  })
}

/**
 * The browser store: one IndexedDB database per backend, so two Porthole backends on
 * one site keep separate conversations. Nothing is stored before the visitor engages:
 * reads of a database that does not exist answer undefined without creating it (a
 * returning visitor's database is found and opened), and the first write creates it.
 * Falls back to memory (state then lasts one page view) where IndexedDB is unavailable,
 * e.g. some private-browsing modes.
 */
export function createIdbStore(base: string): KeyValueStore {
  if (!self.indexedDB) {
    console.warn('Porthole: no IndexedDB; the chat lasts one page view')
    return createMemoryStore()
  }
  const name = `porthole:${new URL(base).host}`
  let database: Promise<IDBDatabase | undefined> | undefined
  const connect = (create: boolean): Promise<IDBDatabase | undefined> => {
    database ??= openDatabase(name, create)
    const opening = database
    // Not there yet, or it failed: the next read looks again, the next write creates it.
    opening.then(
      (db) => {
        if (!db && database === opening) database = undefined
      },
      () => {
        if (database === opening) database = undefined
      },
    )
    return opening.then((db) => (db || !create ? db : connect(true)))
  }
  const objects = (db: IDBDatabase, mode: IDBTransactionMode) =>
    db.transaction(STORE, mode).objectStore(STORE)
  return keyValueStore(
    async (keys) => {
      const db = await connect(false)
      if (!db) return keys.map(() => undefined)
      const store = objects(db, 'readonly')
      return Promise.all(keys.map((key) => promisifyRequest(store.get(key))))
    },
    async (puts, deletes) => {
      const store = objects((await connect(true)) as IDBDatabase, 'readwrite')
      for (const [key, value] of puts) store.put(value, key)
      for (const key of deletes) store.delete(key)
      // Committed now, not once the page has seen the requests succeed: a page closed or
      // reloaded right after a send keeps what it wrote (an auto-commit dies with it).
      store.transaction.commit?.()
      await promisifyRequest(store.transaction)
    },
  )
}
