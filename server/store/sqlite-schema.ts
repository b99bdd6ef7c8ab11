// The sqlite: store's tables (record_ages: the aged records' times, Store's AgedRecords). AUTOINCREMENT matters: a pruned id is never handed out
// again, so a Last-Event-ID from before a prune can never skip newer entries.
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  visitor TEXT NOT NULL,
  at INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_visitor_seq ON entries (visitor, seq);
CREATE INDEX IF NOT EXISTS entries_at ON entries (at);
CREATE TABLE IF NOT EXISTS dedupe (
  key TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS dedupe_seq ON dedupe (seq);
CREATE TABLE IF NOT EXISTS records (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  expires_at INTEGER
);
CREATE TABLE IF NOT EXISTS record_ages (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS record_ages_kind_at ON record_ages (kind, at);
CREATE TABLE IF NOT EXISTS indexes (
  key TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS index_members (
  key TEXT NOT NULL,
  member TEXT NOT NULL,
  PRIMARY KEY (key, member)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS claims (
  key TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
`
