import type Database from 'better-sqlite3'

// The sqlite store's statements, prepared once per database (sqlite-store.ts).

export type EntryRow = { seq: number; body: string }

/** Every statement the sqlite store runs, prepared on `db`. */
export function prepareQueries(db: Database.Database) {
  return {
    dedupe: db.prepare<[string], EntryRow>(
      'SELECT e.seq, e.body FROM dedupe d JOIN entries e ON e.seq = d.seq WHERE d.key = ?',
    ),
    insert: db.prepare<[string, number, string]>(
      'INSERT INTO entries (visitor, at, body) VALUES (?, ?, ?)',
    ),
    insertDedupe: db.prepare<[string, number]>(
      'INSERT OR REPLACE INTO dedupe (key, seq) VALUES (?, ?)',
    ),
    readAfter: db.prepare<[string, number, number], EntryRow>(
      'SELECT seq, body FROM entries WHERE visitor = ? AND seq > ? ORDER BY seq LIMIT ?',
    ),
    // Newest first through the (visitor, seq) index; the caller turns the page around.
    readBefore: db.prepare<[string, number, number], EntryRow>(
      'SELECT seq, body FROM entries WHERE visitor = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
    ),
    getRecord: db.prepare<[string, number], { value: string }>(
      'SELECT value FROM records WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)',
    ),
    setRecord: db.prepare<[string, string, number | null]>(
      'INSERT OR REPLACE INTO records (key, value, expires_at) VALUES (?, ?, ?)',
    ),
    deleteRecord: db.prepare<[string]>('DELETE FROM records WHERE key = ?'),
    listRecords: db.prepare<[{ prefix: string; now: number }], { key: string }>(
      'SELECT key FROM records WHERE substr(key, 1, length(@prefix)) = @prefix AND (expires_at IS NULL OR expires_at > @now) ORDER BY key',
    ),
    indexKeep: db.prepare<[string, number]>(
      'INSERT OR REPLACE INTO indexes (key, expires_at) VALUES (?, ?)',
    ),
    indexLive: db.prepare<[string, number], { one: number }>(
      'SELECT 1 AS one FROM indexes WHERE key = ? AND expires_at > ?',
    ),
    indexClear: db.prepare<[string]>('DELETE FROM index_members WHERE key = ?'),
    indexAdd: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO index_members (key, member) VALUES (?, ?)',
    ),
    indexRemove: db.prepare<[string, string]>(
      'DELETE FROM index_members WHERE key = ? AND member = ?',
    ),
    indexMembers: db.prepare<[string, number], { member: string }>(
      'SELECT m.member FROM indexes i JOIN index_members m ON m.key = i.key WHERE i.key = ? AND i.expires_at > ? ORDER BY m.member',
    ),
    claim: db.prepare<[{ key: string; until: number; now: number }]>(
      'INSERT INTO claims (key, expires_at) VALUES (@key, @until) ON CONFLICT (key) DO UPDATE SET expires_at = @until WHERE claims.expires_at <= @now',
    ),
    extendClaim: db.prepare<[{ key: string; until: number; now: number }]>(
      'UPDATE claims SET expires_at = @until WHERE key = @key AND expires_at > @now',
    ),
    release: db.prepare<[string]>('DELETE FROM claims WHERE key = ?'),
    // LIMIT -1: no cap (Retention.maxDrop unset).
    pruneAge: db.prepare<[number, number]>(
      'DELETE FROM entries WHERE seq IN (SELECT seq FROM entries WHERE at < ? ORDER BY seq LIMIT ?)',
    ),
    pruneCount: db.prepare<[number, number]>(
      'DELETE FROM entries WHERE seq IN (SELECT seq FROM (SELECT seq, ROW_NUMBER() OVER (PARTITION BY visitor ORDER BY seq DESC) AS n FROM entries) WHERE n > ? ORDER BY seq LIMIT ?)',
    ),
    countEntries: db.prepare<[], { total: number; newest: number | null }>(
      'SELECT COUNT(*) AS total, MAX(at) AS newest FROM entries',
    ),
    countOld: db.prepare<[number], { count: number }>(
      'SELECT COUNT(*) AS count FROM entries WHERE at < ?',
    ),
    countOver: db.prepare<[number, number], { count: number }>(
      'SELECT COUNT(*) AS count FROM (SELECT ROW_NUMBER() OVER (PARTITION BY visitor ORDER BY seq DESC) AS n FROM entries WHERE at >= ?) WHERE n > ?',
    ),
    pruneDedupe: db.prepare('DELETE FROM dedupe WHERE seq NOT IN (SELECT seq FROM entries)'),
    pruneRecords: db.prepare<[number]>(
      'DELETE FROM records WHERE expires_at IS NOT NULL AND expires_at <= ?',
    ),
    pruneClaims: db.prepare<[number]>('DELETE FROM claims WHERE expires_at <= ?'),
    pruneIndexMembers: db.prepare<[number]>(
      'DELETE FROM index_members WHERE key NOT IN (SELECT key FROM indexes WHERE expires_at > ?)',
    ),
    pruneIndexes: db.prepare<[number]>('DELETE FROM indexes WHERE expires_at <= ?'),
  }
}
