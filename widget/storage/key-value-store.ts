/** Keys the widget stores, one per piece of state (a type only: no runtime cost). */
export type StoreKey =
  | 'session'
  /** The conversation before it was stored per entry (read once, then converted). */
  | 'log'
  /** The conversation's window: entry ids in order, replay point, read marker, deliveries. */
  | 'conversation'
  /** One conversation entry, by entry id. */
  | `entry:${string}`
  | 'outbox'
  | 'open'
  | 'unread'
  | 'invite-dismissed'
  | 'invite-answer'
  /** The composer's unsent text. */
  | 'draft'
  /** The visitor muted the reply sound (kept only once they toggle it). */
  | 'muted'
  /** This browser's random id, sent with a resume link's exchange (a retry gets the same answer). */
  | 'device'
  /** The visitor agreed to the site's consent terms: their version, when, whether recorded (widget/chat/privacy/). */
  | 'consent'
  /** The visitor agreed to the pre-chat form's consent: its version, when (widget/chat/pre-chat/). */
  | 'pre-chat'

/** Where the widget keeps its state: IndexedDB in browsers, memory in tests. */
export interface KeyValueStore {
  get(key: StoreKey): Promise<unknown>
  set(key: StoreKey, value: unknown): Promise<void>
  del(key: StoreKey): Promise<void>
  /** The values of several keys, in order (undefined where absent). */
  getMany(keys: StoreKey[]): Promise<unknown[]>
  /** Puts and deletes in one transaction: all of them land, or none. */
  write(puts: [StoreKey, unknown][], deletes: StoreKey[]): Promise<void>
}

/** A whole store from its two batch operations. */
export function keyValueStore(
  getMany: KeyValueStore['getMany'],
  write: KeyValueStore['write'],
): KeyValueStore {
  return {
    get: async (key) => (await getMany([key]))[0],
    set: (key, value) => write([[key, value]], []),
    del: (key) => write([], [key]),
    getMany,
    write,
  }
}
