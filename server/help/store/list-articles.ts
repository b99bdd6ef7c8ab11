import type { StoredArticle } from '../article'
import type {
  ArticleChange,
  ArticleFilter,
  ArticleList,
  ArticleSummary,
  HelpCounter,
  Unanswered,
} from './article-store'
import { HELP_COUNTERS } from './article-store'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 200

export function summaryOf({ article }: StoredArticle): ArticleSummary {
  const { id, title, language, category, published, featured, updatedAt, url } = article
  return {
    id,
    title,
    language,
    ...(category !== undefined ? { category } : {}),
    published,
    featured,
    updatedAt,
    ...(url !== undefined ? { url } : {}),
  }
}

/** One page of `summaries` for `filter`, newest first, with every category and language. */
export function listSummaries(summaries: ArticleSummary[], filter: ArticleFilter): ArticleList {
  const q = filter.q?.trim().toLowerCase()
  const matching = summaries.filter(
    (s) =>
      (!q || s.id.includes(q) || s.title.toLowerCase().includes(q)) &&
      (!filter.language || s.language === filter.language) &&
      (!filter.category || s.category === filter.category) &&
      (!filter.status || s.published === (filter.status === 'published')),
  )
  matching.sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
  const offset = Math.max(0, filter.offset ?? 0)
  const limit = Math.min(MAX_LIMIT, Math.max(1, filter.limit ?? DEFAULT_LIMIT))
  const distinct = (values: (string | undefined)[]) =>
    [...new Set(values.filter((v): v is string => v !== undefined))].sort()
  return {
    articles: matching.slice(offset, offset + limit),
    total: matching.length,
    categories: distinct(summaries.map((s) => s.category)),
    languages: distinct(summaries.map((s) => s.language)),
  }
}

/** Listeners of one process's changes (memory: and sqlite: run one instance). */
export function changeListeners() {
  const listeners = new Set<(change: ArticleChange) => void>()
  return {
    add(listener: (change: ArticleChange) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    emit(change: ArticleChange) {
      for (const listener of listeners) listener(change)
    },
  }
}

/** Every counter at zero, then the stored values. */
export function countersFrom(values: Iterable<[string, number]>): Record<HelpCounter, number> {
  const counters = Object.fromEntries(HELP_COUNTERS.map((name) => [name, 0])) as Record<
    HelpCounter,
    number
  >
  for (const [name, value] of values)
    if ((HELP_COUNTERS as readonly string[]).includes(name))
      counters[name as HelpCounter] = Number(value) || 0
  return counters
}

/** The unanswered list, most asked (then latest) first. */
export const byCount = (a: Unanswered, b: Unanswered) => b.count - a.count || b.lastAt - a.lastAt
