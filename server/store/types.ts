import type { ConversationEntry, DeliveryState } from '../../shared/widget-api'

/** An entry before the store gives it its id. */
export type NewEntry = Omit<ConversationEntry, 'id'>

/** Something pushed to a visitor's streams that is never stored (typing, delivery outcomes). */
export type TransientEvent =
  | { event: 'typing'; data: { typing: boolean; name?: string } }
  | {
      event: 'delivery'
      data: { clientId: string; state: DeliveryState; error?: string }
    }
  | { event: 'read'; data: { upTo: string } }
  /** The visitor's credentials were revoked (DELETE /api/session): every open stream ends. Never sent to browsers. */
  | { event: 'revoked'; data: { at: number } }

/** What a subscriber of one visitor receives: stored entries (with their ids) and transient events. */
export type VisitorEvent = { event: 'message'; data: ConversationEntry } | TransientEvent

export type AppendResult = {
  entry: ConversationEntry
  /** True when `dedupeKey` had been used before: nothing was written, `entry` is the first one. */
  duplicate: boolean
}

export type Retention = {
  /** Entries older than this are dropped (ms). */
  maxAgeMs: number
  /** At most this many entries are kept per visitor. */
  maxEntries: number
}

/**
 * Porthole's storage: per-visitor conversation logs with fan-out, idempotency keys
 * and small JSON records. Implementations: memory:, sqlite:, redis:. Every one
 * passes tests/server/store/conformance.ts.
 *
 * Entry ids are opaque strings, in append order within one visitor's log, so that
 * `readAfter` replays after an SSE Last-Event-ID.
 */
export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'redis'
  /**
   * Appends an entry durably and publishes it to the visitor's subscribers (on every
   * instance). With a `dedupeKey` that was used before, writes nothing and returns the
   * first entry with `duplicate: true` — atomically, so a retried webhook is stored once.
   */
  append(
    visitorId: string,
    entry: NewEntry,
    options?: { dedupeKey?: string },
  ): Promise<AppendResult>
  /** Entries after `afterId` (all when undefined), oldest first, at most `limit`. */
  readAfter(
    visitorId: string,
    afterId: string | undefined,
    limit: number,
  ): Promise<ConversationEntry[]>
  /**
   * Entries before `beforeId` (the newest ones when undefined), oldest first, at most
   * `limit`: the pages of "load earlier messages" and a first stream's newest page.
   */
  readBefore(
    visitorId: string,
    beforeId: string | undefined,
    limit: number,
  ): Promise<ConversationEntry[]>
  /** True when `id` names a valid position for this store (so a bogus Last-Event-ID is refused). */
  isValidId(id: string): boolean
  /**
   * Negative, zero or positive as entry id `a` comes before, is, or comes after `b` in
   * one visitor's log order (e.g. so a read marker never moves back); ids of different
   * visitors' logs are not comparable. Both must pass isValidId().
   */
  compareIds(a: string, b: string): number
  /** Publishes a never-stored event to the visitor's subscribers on every instance. */
  publish(visitorId: string, event: TransientEvent): Promise<void>
  /** Calls `listener` for every event of this visitor from now on; returns the unsubscribe. */
  subscribe(visitorId: string, listener: (event: VisitorEvent) => void): () => void
  /** Claims an idempotency key for `ttlMs`; true when this call claimed it, false when taken. */
  claim(key: string, ttlMs: number): Promise<boolean>
  /**
   * Extends a claim this process holds to `ttlMs` from now (a live worker renews its
   * short claims, so a crashed one's expire quickly). False when the key is no longer
   * claimed (it expired): the caller must stop and let the new holder work.
   */
  extendClaim(key: string, ttlMs: number): Promise<boolean>
  /** Releases a claimed key (the work it guarded failed and may be tried again). */
  release(key: string): Promise<void>
  /** Small JSON records (bot chat state, visitor profiles, outbox items). */
  getRecord<T>(key: string): Promise<T | undefined>
  setRecord(key: string, value: unknown, ttlMs?: number): Promise<void>
  deleteRecord(key: string): Promise<void>
  /** Keys of records starting with `prefix` (used on start-up to resume work, e.g. pending outbox items). */
  listRecords(prefix: string): Promise<string[]>
  /** Applies retention; returns how many entries were dropped. */
  prune(retention: Retention): Promise<number>
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>
  /** Flushes and closes; subscriptions end. */
  close(): Promise<void>
}
