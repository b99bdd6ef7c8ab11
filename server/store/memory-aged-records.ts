import type { AgedKind, AgedRecords, AgeRetention } from './types'

/** What the memory: store's records need from its aged records: forget a key's time. */
export type MemoryAged = AgedRecords & { forget(key: string): void }

/**
 * The memory: store's time index of aged records (Store's AgedRecords role): one map
 * of record key to its kind and time; writing and deleting the record itself is the
 * store's (`write`, `remove`).
 *
 * @example const aged = createMemoryAgedRecords({ now, assertOpen, write, remove })
 */
export function createMemoryAgedRecords(options: {
  now: () => number
  assertOpen: () => void
  write: (key: string, value: unknown) => void
  remove: (key: string) => void
  /** The live records written with a lifetime: key and expiry. */
  expiring: () => [string, number][]
  /** Takes a record's lifetime away. */
  persist: (key: string) => void
}): MemoryAged {
  const { now, assertOpen } = options
  const ages = new Map<string, { kind: AgedKind; at: number }>()

  function ofKind(kind: AgedKind): [string, number][] {
    return [...ages]
      .filter(([, age]) => age.kind === kind)
      .map(([key, age]): [string, number] => [key, age.at])
      .sort((a, b) => a[1] - b[1])
  }

  const expired = (kind: AgedKind, retention: AgeRetention) =>
    ofKind(kind).filter(([, at]) => at < now() - retention.maxAgeMs)

  return {
    forget: (key) => ages.delete(key),
    async setAgedRecord(key, value, kind, at) {
      assertOpen()
      options.write(key, value)
      ages.set(key, { kind, at })
    },
    async pruneAgedRecords(kind, retention) {
      assertOpen()
      const drop = expired(kind, retention).slice(0, retention.maxDrop ?? Number.POSITIVE_INFINITY)
      for (const [key] of drop) {
        options.remove(key)
        ages.delete(key)
      }
      return drop.length
    },
    async adoptAgedRecords(kind, prefixes, lifetimeMs) {
      assertOpen()
      const found = options
        .expiring()
        .filter(([key]) => !ages.has(key) && prefixes.some((prefix) => key.startsWith(prefix)))
      for (const [key, expiresAt] of found) {
        options.persist(key)
        ages.set(key, { kind, at: expiresAt - lifetimeMs })
      }
      return found.length
    },
    async agedRecordStats(kind, retention) {
      assertOpen()
      const all = ofKind(kind)
      return {
        total: all.length,
        expired: expired(kind, retention).length,
        newestAt: all.at(-1)?.[1],
      }
    },
  }
}
