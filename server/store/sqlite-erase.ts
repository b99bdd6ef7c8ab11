import type Database from 'better-sqlite3'
import { namesVisitor } from './keys'
import type { ErasedKeys } from './types'

/**
 * The sqlite: store's erasure (Store.eraseVisitor): one transaction deletes the
 * visitor's entries, their dedupe keys and the records and indexes named. The store
 * runs with `secure_delete` on, so deleted rows are overwritten with zeros in the
 * pages written; the checkpoint then copies those pages into the database file and
 * truncates the write-ahead log, which still held the earlier pages with the text.
 */
export function createSqliteErase(db: Database.Database) {
  const dropDedupe = db.prepare<[string]>(
    'DELETE FROM dedupe WHERE seq IN (SELECT seq FROM entries WHERE visitor = ?)',
  )
  const dropEntries = db.prepare<[string]>('DELETE FROM entries WHERE visitor = ?')
  const dropRecord = db.prepare<[string]>('DELETE FROM records WHERE key = ?')
  const dropAge = db.prepare<[string]>('DELETE FROM record_ages WHERE key = ?')
  const dropMembers = db.prepare<[string]>('DELETE FROM index_members WHERE key = ?')
  const dropIndex = db.prepare<[string]>('DELETE FROM indexes WHERE key = ?')
  // The candidates (every key holding the id between colons); namesVisitor picks the exact ones.
  const claimsAbout = db.prepare<[{ inner: string; tail: string }], { key: string }>(
    'SELECT key FROM claims WHERE instr(key, @inner) > 0 OR substr(key, -length(@tail)) = @tail',
  )
  const dropClaim = db.prepare<[string]>('DELETE FROM claims WHERE key = ?')

  const erase = db.transaction((visitorId: string, keys: ErasedKeys): number => {
    dropDedupe.run(visitorId)
    const dropped = dropEntries.run(visitorId).changes
    for (const { key } of claimsAbout.all({ inner: `:${visitorId}:`, tail: `:${visitorId}` }))
      if (namesVisitor(key, visitorId)) dropClaim.run(key)
    for (const key of keys.records) {
      dropRecord.run(key)
      dropAge.run(key)
    }
    for (const key of keys.indexes) {
      dropMembers.run(key)
      dropIndex.run(key)
    }
    return dropped
  })

  return (visitorId: string, keys: ErasedKeys): number => {
    const dropped = erase(visitorId, keys)
    // TRUNCATE: the log file is emptied, not just marked reusable (its old frames would stay readable).
    db.pragma('wal_checkpoint(TRUNCATE)')
    return dropped
  }
}
