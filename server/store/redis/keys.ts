/** Every Redis key and channel the redis: store uses, under one prefix (default `porthole:`). */
export type RedisKeys = {
  /** The visitor's conversation log: a stream. */
  log(visitorId: string): string
  /** The visitor's pub/sub channel: stored entries and transient events for live streams. */
  channel(visitorId: string): string
  /** An append's idempotency key: holds "<entry id>\n<entry json>" of the first append. */
  dedupe(key: string): string
  claim(key: string): string
  record(key: string): string
  /** A small index (Store.indexAdd): a set with its own expiry. */
  index(key: string): string
  /** The visitor's consents: a hash of version to the time it was agreed to. */
  consents(visitorId: string): string
  /** Every visitor's consents by time (a sorted set), walked by pruneConsents(). */
  consentsByAge: string
  /** One kind's aged records by time (a sorted set of record keys), walked by pruneAgedRecords(). */
  aged(kind: string): string
  /** Set of visitor ids that have a log, walked by prune(). */
  visitors: string
  /** Set of record keys, walked by listRecords() so it never has to SCAN the keyspace. */
  records: string
  /** Prefix of the rate-limit counters shared by every instance (server/http/rate-limit.ts). */
  rateLimits: string
  /** Prefix of the help's articles, counters and change log (server/help/store/). */
  help: string
}

export function redisKeys(prefix: string): RedisKeys {
  return {
    log: (visitorId) => `${prefix}log:${visitorId}`,
    channel: (visitorId) => `${prefix}v:${visitorId}`,
    dedupe: (key) => `${prefix}dedupe:${key}`,
    claim: (key) => `${prefix}claim:${key}`,
    record: (key) => `${prefix}rec:${key}`,
    index: (key) => `${prefix}idx:${key}`,
    consents: (visitorId) => `${prefix}consents:${visitorId}`,
    consentsByAge: `${prefix}consents-by-age`,
    aged: (kind) => `${prefix}aged:${kind}`,
    visitors: `${prefix}visitors`,
    records: `${prefix}records`,
    rateLimits: `${prefix}rate:`,
    help: `${prefix}help:`,
  }
}

/** Escapes glob characters so a caller's prefix matches literally in SSCAN MATCH. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&')
}
