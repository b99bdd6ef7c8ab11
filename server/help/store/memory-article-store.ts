import { MAX_ARTICLES, type StoredArticle } from '../article'
import {
  type ArticleStore,
  type HelpCounter,
  MAX_UNANSWERED,
  TooManyArticlesError,
  type Unanswered,
} from './article-store'
import { byCount, changeListeners, countersFrom, listSummaries, summaryOf } from './list-articles'

/** The articles of a memory: store (tests, the demo without a file). */
export function createMemoryArticleStore(options: { maxArticles?: number } = {}): ArticleStore {
  const max = options.maxArticles ?? MAX_ARTICLES
  const articles = new Map<string, StoredArticle>()
  const counts = new Map<string, number>()
  const unanswered = new Map<string, Unanswered>()
  const changes = changeListeners()

  function checkRoom(stored: StoredArticle[]) {
    const added = new Set(stored.map((s) => s.article.id).filter((id) => !articles.has(id))).size
    if (articles.size + added > max) throw new TooManyArticlesError(articles.size + added, max)
  }

  return {
    async put(stored) {
      checkRoom([stored])
      articles.set(stored.article.id, stored)
      changes.emit({ kind: 'put', stored })
    },
    async putMany(stored) {
      checkRoom(stored)
      for (const one of stored) articles.set(one.article.id, one)
      for (const one of stored) changes.emit({ kind: 'put', stored: one })
    },
    get: async (id) => articles.get(id),
    async delete(id) {
      const had = articles.delete(id)
      if (had) changes.emit({ kind: 'delete', id })
      return had
    },
    list: async (filter) => listSummaries([...articles.values()].map(summaryOf), filter),
    all: async () => [...articles.values()],
    count: async () => articles.size,
    watch: async (listener) => changes.add(listener),
    async increment(counter: HelpCounter, by = 1) {
      counts.set(counter, (counts.get(counter) ?? 0) + by)
    },
    counters: async () => countersFrom(counts),
    async recordUnanswered(question, language, at) {
      const key = `${language}\n${question}`
      const known = unanswered.get(key)
      unanswered.set(key, { question, language, count: (known?.count ?? 0) + 1, lastAt: at })
      if (unanswered.size > MAX_UNANSWERED) {
        const least = [...unanswered.entries()].sort(([, a], [, b]) => byCount(b, a))[0]
        if (least) unanswered.delete(least[0])
      }
    },
    topUnanswered: async (limit) => [...unanswered.values()].sort(byCount).slice(0, limit),
    close() {},
  }
}
