import type Database from 'better-sqlite3'
import type { Consents } from './types'

// One row per visitor and version: the primary key makes a retried consent a no-op.
const CONSENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS consents (
  visitor TEXT NOT NULL,
  version TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (visitor, version)
);
CREATE INDEX IF NOT EXISTS consents_at ON consents (at);
`

type ConsentRow = { version: string; at: number }

/**
 * The sqlite: store's consents, in a table of their own in the store's file.
 *
 * @example const consents = createSqliteConsents(db, Date.now, assertOpen)
 */
export function createSqliteConsents(
  db: Database.Database,
  now: () => number,
  assertOpen: () => void,
): Consents {
  db.exec(CONSENTS_SCHEMA)
  const insert = db.prepare<[string, string, number]>(
    'INSERT OR IGNORE INTO consents (visitor, version, at) VALUES (?, ?, ?)',
  )
  const list = db.prepare<[string], ConsentRow>(
    'SELECT version, at FROM consents WHERE visitor = ? ORDER BY at, version',
  )
  const erase = db.prepare<[string]>('DELETE FROM consents WHERE visitor = ?')
  // LIMIT -1: no cap.
  const prune = db.prepare<[number, number]>(
    'DELETE FROM consents WHERE rowid IN (SELECT rowid FROM consents WHERE at < ? ORDER BY at LIMIT ?)',
  )
  const count = db.prepare<
    [number],
    { total: number; expired: number | null; newest: number | null }
  >('SELECT COUNT(*) AS total, SUM(at < ?) AS expired, MAX(at) AS newest FROM consents')
  return {
    async recordConsent(visitorId, consent) {
      assertOpen()
      insert.run(visitorId, consent.version, consent.at)
    },
    async listConsents(visitorId) {
      assertOpen()
      return list.all(visitorId).map((row) => ({ version: row.version, at: row.at }))
    },
    async eraseConsents(visitorId) {
      assertOpen()
      return erase.run(visitorId).changes
    },
    async pruneConsents(retention) {
      assertOpen()
      return prune.run(now() - retention.maxAgeMs, retention.maxDrop ?? -1).changes
    },
    async consentStats(retention) {
      assertOpen()
      const row = count.get(now() - retention.maxAgeMs)
      return {
        total: row?.total ?? 0,
        expired: row?.expired ?? 0,
        newestAt: row?.newest ?? undefined,
      }
    },
  }
}
