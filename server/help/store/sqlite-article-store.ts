import type BetterSqlite3 from 'better-sqlite3'
import { MAX_ARTICLES, StoredArticle } from '../article'
import { type ArticleStore, MAX_UNANSWERED, TooManyArticlesError } from './article-store'
import { changeListeners, countersFrom, listSummaries, summaryOf } from './list-articles'

// Tables of their own in the store's database: the summary columns for lists, the whole
// stored article (with its parsed blocks) as JSON.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS help_articles (
  id TEXT PRIMARY KEY,
  summary TEXT NOT NULL,
  stored TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS help_counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS help_unanswered (
  language TEXT NOT NULL,
  question TEXT NOT NULL,
  count INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  PRIMARY KEY (language, question)
);
CREATE INDEX IF NOT EXISTS help_unanswered_count ON help_unanswered (count, last_at);
`

function parseStored(json: string): StoredArticle {
  return StoredArticle.parse(JSON.parse(json)) as StoredArticle
}

/** The articles of a sqlite: store: one instance per file, so changes are this process's. */
export function createSqliteArticleStore(
  db: BetterSqlite3.Database,
  options: { maxArticles?: number } = {},
): ArticleStore {
  const max = options.maxArticles ?? MAX_ARTICLES
  db.exec(SCHEMA)
  const q = {
    count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM help_articles'),
    has: db.prepare<[string], { id: string }>('SELECT id FROM help_articles WHERE id = ?'),
    put: db.prepare<[string, string, string]>(
      'INSERT INTO help_articles (id, summary, stored) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET summary = excluded.summary, stored = excluded.stored',
    ),
    get: db.prepare<[string], { stored: string }>('SELECT stored FROM help_articles WHERE id = ?'),
    delete: db.prepare<[string]>('DELETE FROM help_articles WHERE id = ?'),
    summaries: db.prepare<[], { summary: string }>('SELECT summary FROM help_articles'),
    all: db.prepare<[], { stored: string }>('SELECT stored FROM help_articles'),
    increment: db.prepare<[string, number]>(
      'INSERT INTO help_counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value',
    ),
    counters: db.prepare<[], { name: string; value: number }>(
      'SELECT name, value FROM help_counters',
    ),
    ask: db.prepare<[string, string, number]>(
      'INSERT INTO help_unanswered (language, question, count, last_at) VALUES (?, ?, 1, ?) ON CONFLICT (language, question) DO UPDATE SET count = count + 1, last_at = excluded.last_at',
    ),
    unansweredCount: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM help_unanswered'),
    dropLeast: db.prepare<[number]>(
      'DELETE FROM help_unanswered WHERE rowid IN (SELECT rowid FROM help_unanswered ORDER BY count ASC, last_at ASC LIMIT ?)',
    ),
    top: db.prepare<
      [number],
      { question: string; language: string; count: number; last_at: number }
    >(
      'SELECT question, language, count, last_at FROM help_unanswered ORDER BY count DESC, last_at DESC LIMIT ?',
    ),
  }
  const changes = changeListeners()

  const putAll = db.transaction((stored: StoredArticle[]) => {
    const ids = new Set(stored.map((s) => s.article.id))
    let added = 0
    for (const id of ids) if (q.has.get(id) === undefined) added++
    const count = (q.count.get()?.n ?? 0) + added
    if (count > max) throw new TooManyArticlesError(count, max)
    for (const one of stored)
      q.put.run(one.article.id, JSON.stringify(summaryOf(one)), JSON.stringify(one))
  })
  const ask = db.transaction((question: string, language: string, at: number) => {
    q.ask.run(language, question, at)
    const over = (q.unansweredCount.get()?.n ?? 0) - MAX_UNANSWERED
    if (over > 0) q.dropLeast.run(over)
  })

  return {
    async put(stored) {
      putAll([stored])
      changes.emit({ kind: 'put', stored })
    },
    async putMany(stored) {
      putAll(stored)
      for (const one of stored) changes.emit({ kind: 'put', stored: one })
    },
    async get(id) {
      const row = q.get.get(id)
      return row ? parseStored(row.stored) : undefined
    },
    async delete(id) {
      const had = q.delete.run(id).changes > 0
      if (had) changes.emit({ kind: 'delete', id })
      return had
    },
    list: async (filter) =>
      listSummaries(
        q.summaries.all().map((row) => JSON.parse(row.summary)),
        filter,
      ),
    all: async () => q.all.all().map((row) => parseStored(row.stored)),
    count: async () => q.count.get()?.n ?? 0,
    watch: async (listener) => changes.add(listener),
    async increment(counter, by = 1) {
      q.increment.run(counter, by)
    },
    counters: async () => countersFrom(q.counters.all().map((row) => [row.name, row.value])),
    async recordUnanswered(question, language, at) {
      ask(question, language, at)
    },
    topUnanswered: async (limit) =>
      q.top.all(limit).map((row) => ({
        question: row.question,
        language: row.language,
        count: row.count,
        lastAt: row.last_at,
      })),
    close() {},
  }
}
