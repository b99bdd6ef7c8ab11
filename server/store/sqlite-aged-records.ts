import type Database from 'better-sqlite3'
import { StoreError } from './errors'
import type { AgedKind, AgedRecords } from './types'

/**
 * The sqlite: store's aged records (Store's AgedRecords role): the record in `records`
 * with no lifetime, its kind and time in `record_ages`, written and deleted together.
 *
 * @example const aged = createSqliteAgedRecords(db, Date.now, assertOpen)
 */
export function createSqliteAgedRecords(
  db: Database.Database,
  now: () => number,
  assertOpen: () => void,
): AgedRecords & { forget(key: string): void } {
  const setRecord = db.prepare<[string, string]>(
    'INSERT OR REPLACE INTO records (key, value, expires_at) VALUES (?, ?, NULL)',
  )
  const setAge = db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO record_ages (key, kind, at) VALUES (?, ?, ?)',
  )
  const forget = db.prepare<[string]>('DELETE FROM record_ages WHERE key = ?')
  const dropRecord = db.prepare<[string]>('DELETE FROM records WHERE key = ?')
  // LIMIT -1: no cap.
  const oldest = db.prepare<[string, number, number], { key: string }>(
    'SELECT key FROM record_ages WHERE kind = ? AND at < ? ORDER BY at LIMIT ?',
  )
  const count = db.prepare<
    [number, string],
    { total: number; expired: number | null; newest: number | null }
  >(
    'SELECT COUNT(*) AS total, SUM(at < ?) AS expired, MAX(at) AS newest FROM record_ages WHERE kind = ?',
  )

  // Live records with a lifetime under a prefix (substr: no LIKE escaping of the prefix).
  const expiring = db.prepare<[number, string, number], { key: string; expires: number }>(
    'SELECT key, expires_at AS expires FROM records WHERE expires_at IS NOT NULL AND substr(key, 1, ?) = ? AND expires_at > ?',
  )
  const persist = db.prepare<[string]>('UPDATE records SET expires_at = NULL WHERE key = ?')
  const adopt = db.transaction(
    (kind: AgedKind, prefixes: readonly string[], lifetimeMs: number) => {
      let count = 0
      for (const prefix of prefixes)
        for (const { key, expires } of expiring.all(prefix.length, prefix, now())) {
          persist.run(key)
          setAge.run(key, kind, expires - lifetimeMs)
          count += 1
        }
      return count
    },
  )

  const write = db.transaction((key: string, json: string, kind: AgedKind, at: number) => {
    setRecord.run(key, json)
    setAge.run(key, kind, at)
  })
  const prune = db.transaction((kind: AgedKind, cutoff: number, cap: number): number => {
    const keys = oldest.all(kind, cutoff, cap)
    for (const { key } of keys) {
      dropRecord.run(key)
      forget.run(key)
    }
    return keys.length
  })

  return {
    forget: (key) => forget.run(key),
    async setAgedRecord(key, value, kind, at) {
      assertOpen()
      const json = JSON.stringify(value)
      if (json === undefined) throw new StoreError(`setAgedRecord("${key}"): the value is not JSON`)
      write(key, json, kind, at)
    },
    async pruneAgedRecords(kind, retention) {
      assertOpen()
      return prune(kind, now() - retention.maxAgeMs, retention.maxDrop ?? -1)
    },
    async adoptAgedRecords(kind, prefixes, lifetimeMs) {
      assertOpen()
      return adopt(kind, prefixes, lifetimeMs)
    },
    async agedRecordStats(kind, retention) {
      assertOpen()
      const row = count.get(now() - retention.maxAgeMs, kind)
      return {
        total: row?.total ?? 0,
        expired: row?.expired ?? 0,
        newestAt: row?.newest ?? undefined,
      }
    },
  }
}
