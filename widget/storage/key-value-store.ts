/** Keys the widget stores, one per piece of state (a type only: no runtime cost). */
export type StoreKey =
  | 'session'
  | 'log'
  | 'outbox'
  | 'open'
  | 'unread'
  | 'invite-dismissed'
  | 'invite-answer'

/** Where the widget keeps its state: IndexedDB in browsers, memory in tests. */
export interface KeyValueStore {
  get(key: StoreKey): Promise<unknown>
  set(key: StoreKey, value: unknown): Promise<void>
  del(key: StoreKey): Promise<void>
}
