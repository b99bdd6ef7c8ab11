import type BetterSqlite3 from 'better-sqlite3'
import type { z } from 'zod'
import type { ConversationEntry, DeliveryState, StoredContact } from '../../shared/widget-api'
import type { RedisClient } from './redis/connection'

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
  | { event: 'contact'; data: StoredContact }
  /** The visitor's credentials were revoked (DELETE /api/session): every open stream ends. Never sent to browsers. */
  | { event: 'revoked'; data: { at: number } }

/** What a subscriber of one visitor receives: stored entries (with their ids) and transient events. */
export type VisitorEvent = { event: 'message'; data: ConversationEntry } | TransientEvent

export type AppendResult = {
  entry: ConversationEntry
  /** True when `dedupeKey` had been used before: nothing was written, `entry` is the first one. */
  duplicate: boolean
  /**
   * The visitor whose log the append was for: the `visitorId` given, or with
   * `followAlias` the visitor its alias names (for a duplicate, nothing was written there).
   */
  visitorId: string
}

export type AppendOptions = {
  /** Stores the entry once per key (see append). Built by server/store/keys.ts. */
  dedupeKey?: string
  /**
   * Appends to the visitor the record at aliasKey(visitorId) names (`{ visitorId }`,
   * written by server/session/alias.ts when a merge moved the conversation), or to
   * `visitorId` itself when there is no such record or it is not an alias: read in the
   * same atomic step as the append (one round trip on Redis).
   */
  followAlias?: boolean
  /**
   * Refuses the append (a StoreError with the code `visitor_erased`, isVisitorErased)
   * when its visitor (after the alias) was erased on request and has not come back since:
   * a `visitor-erased:` record and no `profile:` record (every new session writes one).
   * For what the service sends (agent replies, its events): nothing new is stored for an
   * erased visitor. Read in the same atomic step as the append (no extra round trip).
   */
  refuseErased?: boolean
}

export type Retention = {
  /** Entries older than this are dropped (ms). */
  maxAgeMs: number
  /** At most this many entries are kept per visitor. */
  maxEntries: number
  /**
   * One pass drops at most this many entries (oldest first within each log), so a
   * clock that jumped ahead cannot empty the store in one pass; default no cap.
   */
  maxDrop?: number
}

/** What a retention pass would do, before it does it (server/retention/): of entries, or of consents. */
export type RetentionStats = {
  /** How many are stored (entries in every log; consents of every visitor). */
  total: number
  /** How many the pass would drop without a cap. */
  expired: number
  /** The newest one's `at`; undefined when the store holds none. */
  newestAt: number | undefined
}

/** The order of entry ids, without the log itself (read markers, Last-Event-ID checks). */
export interface EntryIds {
  /** True when `id` names a valid position for this store (so a bogus Last-Event-ID is refused). */
  isValidId(id: string): boolean
  /**
   * Negative, zero or positive as entry id `a` comes before, is, or comes after `b` in
   * one visitor's log order (e.g. so a read marker never moves back); ids of different
   * visitors' logs are not comparable. Both must pass isValidId().
   */
  compareIds(a: string, b: string): number
}

/**
 * Per-visitor conversation logs. Entry ids are opaque strings, in append order within
 * one visitor's log, so that `readAfter` replays after an SSE Last-Event-ID.
 */
export interface ConversationLog extends EntryIds {
  /**
   * Appends an entry durably and publishes it to the visitor's subscribers (on every
   * instance). With a `dedupeKey` that was used before, writes nothing and returns the
   * first entry with `duplicate: true` — atomically, so a retried webhook is stored once.
   * Dedupe keys are built by server/store/keys.ts.
   */
  append(visitorId: string, entry: NewEntry, options?: AppendOptions): Promise<AppendResult>
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
  /**
   * The newest entry of each visitor's log (undefined: none), in the order given, in one
   * round trip to the store: the idle sweep's read of every watched conversation. Unlike
   * readBefore it does not wait for this instance's subscription (nothing is streamed).
   */
  newestEntries(visitorIds: readonly string[]): Promise<(ConversationEntry | undefined)[]>
}

/** Fan-out to one visitor's open streams, on every instance. */
export interface VisitorEvents {
  /** Publishes a never-stored event to the visitor's subscribers on every instance. */
  publish(visitorId: string, event: TransientEvent): Promise<void>
  /** Calls `listener` for every event of this visitor from now on; returns the unsubscribe. */
  subscribe(visitorId: string, listener: (event: VisitorEvent) => void): () => void
}

/** Expiring claims on keys: idempotency and locks across instances. */
export interface Claims {
  /** Claims a key for `ttlMs`; true when this call claimed it, false when taken. */
  claim(key: string, ttlMs: number): Promise<boolean>
  /**
   * Extends a claim this process holds to `ttlMs` from now (a live worker renews its
   * short claims, so a crashed one's expire quickly). False when the key is no longer
   * claimed (it expired): the caller must stop and let the new holder work.
   */
  extendClaim(key: string, ttlMs: number): Promise<boolean>
  /** Releases a claimed key (the work it guarded failed and may be tried again). */
  release(key: string): Promise<void>
}

/** What getRecord does with a stored value that does not match the schema. */
export type RecordMismatch = (error: z.ZodError) => void

/** Small JSON records (bot chat state, visitor profiles, outbox items), optionally expiring. */
export interface Records {
  /**
   * The record at `key` parsed with `schema`; undefined when there is none, and also when
   * the stored value does not match (a record of an older version or a damaged one), after
   * calling `onMismatch` with the parse error. Never a cast.
   */
  getRecord<T>(
    key: string,
    schema: z.ZodType<T>,
    onMismatch?: RecordMismatch,
  ): Promise<T | undefined>
  setRecord(key: string, value: unknown, ttlMs?: number): Promise<void>
  deleteRecord(key: string): Promise<void>
  /** Keys of records starting with `prefix` (used on start-up to resume work, e.g. pending outbox items). */
  listRecords(prefix: string): Promise<string[]>
}

/**
 * Small named sets of strings beside the records, so the few records of one owner are
 * found without listing every key (e.g. a visitor's outbox items not yet sent, read on
 * every stream open). Keys come from server/store/keys.ts.
 */
export interface Indexes {
  /** Adds `member` to the index at `key`; the whole index is kept `ttlMs` after its latest add. */
  indexAdd(key: string, member: string, ttlMs: number): Promise<void>
  /** Removes `member` (nothing happens when it is absent). */
  indexRemove(key: string, member: string): Promise<void>
  /** The members, sorted; none when the index does not exist or has expired. */
  indexMembers(key: string): Promise<string[]>
}

/** The keys of one visitor's records and indexes that an erasure deletes with the log. */
export type ErasedKeys = { records: readonly string[]; indexes: readonly string[] }

/** Erasing one visitor's data on request (server/privacy/). */
export interface Erasure {
  /**
   * Deletes the visitor's log with its entries' dedupe keys (atomically: an entry
   * appended meanwhile leaves no key behind), the records and indexes named, and every
   * claim about exactly this visitor (keys.ts namesVisitor: `user:a` never takes the
   * claims of `user:a:b`); returns how many entries went. The sqlite: store overwrites what
   * it deletes (secure_delete) and empties its write-ahead log afterwards, so no copy of
   * the text stays in its files. Appends after it start a new log.
   */
  eraseVisitor(visitorId: string, keys: ErasedKeys): Promise<number>
}

/** A visitor's agreement to the site's consent text (privacy.consent "required"). */
export type ConsentRecord = {
  /** The consent text's version the visitor agreed to. */
  version: string
  /** When the backend recorded it (ms since the epoch). */
  at: number
}

/** Age limit of one kind of record, with an optional cap on one pass (server/retention/). */
export type AgeRetention = {
  /** Records older than this are dropped (ms). */
  maxAgeMs: number
  /** One pass drops at most this many, the oldest first; default no cap. */
  maxDrop?: number
}

/**
 * The visitors' consents, kept apart from their conversation so retention and erasure
 * treat them as a kind of their own.
 */
export interface Consents {
  /**
   * Records that the visitor agreed to `consent.version` at `consent.at`. A version the
   * visitor already agreed to adds nothing (a retried request is stored once), atomically.
   */
  recordConsent(visitorId: string, consent: ConsentRecord): Promise<void>
  /** The visitor's consents, the oldest first; none when there are none. */
  listConsents(visitorId: string): Promise<ConsentRecord[]>
  /** Deletes every consent of the visitor; returns how many there were. */
  eraseConsents(visitorId: string): Promise<number>
  /** Drops consents older than `retention.maxAgeMs`, oldest first; returns how many. */
  pruneConsents(retention: AgeRetention): Promise<number>
  /** Counts what pruneConsents(retention) would drop without a cap, and what is stored. */
  consentStats(retention: AgeRetention): Promise<RetentionStats>
}

/** The kinds of records the retention pass deletes by age, each through a time index of its own. */
export const AGED_KINDS = ['emails', 'ratings'] as const
export type AgedKind = (typeof AGED_KINDS)[number]

/**
 * Records that live until the retention pass deletes them (RETENTION_EMAILS_DAYS,
 * RETENTION_RATINGS_DAYS), rather than by a lifetime fixed when written: a changed
 * setting applies to those already stored, and the pass's clock guards and cap apply.
 * Read, listed and deleted like any record (deleteRecord and eraseVisitor drop the time
 * too); a key is written either this way or with setRecord, never both.
 */
export interface AgedRecords {
  /**
   * Writes the record with no lifetime and notes `at` as its time in `kind`'s index,
   * both or neither; writing it again moves its time.
   */
  setAgedRecord(key: string, value: unknown, kind: AgedKind, at: number): Promise<void>
  /** Deletes `kind`'s records older than `retention.maxAgeMs`, oldest first; returns how many. */
  pruneAgedRecords(kind: AgedKind, retention: AgeRetention): Promise<number>
  /** Counts what pruneAgedRecords(kind, retention) would delete without a cap, and what is stored. */
  agedRecordStats(kind: AgedKind, retention: AgeRetention): Promise<RetentionStats>
  /**
   * Brings records written with a lifetime (setRecord, before their kind was aged) whose
   * key starts with one of `prefixes` under `kind`'s index: each loses its lifetime and is
   * dated its expiry minus `lifetimeMs` (the lifetime it was written with). Atomic per
   * record; an aged record is left as it is, so running it again, or on two instances at
   * once, changes nothing more. Returns how many it brought under.
   */
  adoptAgedRecords(kind: AgedKind, prefixes: readonly string[], lifetimeMs: number): Promise<number>
}

/** Retention, health and shutdown: for the process that owns the store. */
export interface Maintenance {
  /** Applies retention; returns how many entries were dropped. */
  prune(retention: Retention): Promise<number>
  /** Counts what prune(retention) would drop, and what is stored; changes nothing. */
  retentionStats(retention: Retention): Promise<RetentionStats>
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>
  /** Flushes and closes; subscriptions end. */
  close(): Promise<void>
}

/**
 * Porthole's storage, the sum of its roles; each module asks only for the roles it
 * uses. Implementations: memory:, sqlite:, redis:. Every one passes
 * tests/server/support/conformance.ts. Every key (records, claims, dedupe keys) comes
 * from server/store/keys.ts.
 */
export interface Store
  extends ConversationLog,
    VisitorEvents,
    Claims,
    Records,
    Indexes,
    Erasure,
    Consents,
    AgedRecords,
    Maintenance {
  readonly kind: 'memory' | 'sqlite' | 'redis'
  /**
   * Where counters shared by every instance live (rate limits): the redis: store's
   * command connection and a key prefix of their own. Absent on single-instance stores.
   */
  readonly sharedCounters?: { client: RedisClient; prefix: string; timeoutMs?: number }
  /** The sqlite: store's database, for the tables of other parts (server/help/store/). */
  readonly sqliteDatabase?: BetterSqlite3.Database
  /** The redis: store's command connection and the prefix of the help's keys (server/help/store/). */
  readonly redisHelp?: { client: RedisClient; prefix: string }
}
