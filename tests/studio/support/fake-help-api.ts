import { vi } from 'vitest'
import { StudioApiError } from '../../../studio/src/api-request'
import type { HelpApi } from '../../../studio/src/articles/help-api'
import type {
  ArticleInput,
  ArticleSummary,
  HelpStats,
  ImportJob,
  StoredArticle,
} from '../../../studio/src/articles/help-types'

let clock = Date.UTC(2026, 10, 28, 9, 0)

/** A stored article, fresh on every call, with overrides. */
export function createStoredArticle(overrides: Partial<StoredArticle> = {}): StoredArticle {
  clock += 1000
  return {
    id: 'returns',
    title: 'Returns and refunds',
    body: '## How to return\n\nSend it back within **30 days**.',
    language: 'en',
    category: 'Orders',
    published: true,
    featured: false,
    updatedAt: clock,
    ...overrides,
  }
}

/** The help numbers as GET /admin/api/help/stats answers them, with overrides. */
export function createHelpStats(overrides: Partial<HelpStats> = {}): HelpStats {
  return {
    articles: 0,
    searches: 0,
    suggestionsShown: 0,
    articlesOpened: 0,
    helpful: 0,
    notHelpful: 0,
    deflections: 0,
    botAnswers: 0,
    modelAnswers: 0,
    modelHelped: 0,
    modelFallbacks: 0,
    modelFallbackReasons: {},
    unanswered: [],
    ...overrides,
  }
}

const summaryOf = ({ body: _body, keywords: _keywords, ...row }: StoredArticle): ArticleSummary =>
  row

/**
 * The help admin API in memory, behaving like the backend's contract: newest first, q
 * matching id or title, an atomic NDJSON import naming the bad line, scripted page jobs.
 */
export function createFakeHelpApi(initial: StoredArticle[] = []) {
  const articles = new Map(initial.map((article) => [article.id, structuredClone(article)]))
  let stats = createHelpStats()
  const jobs: ImportJob[][] = []
  const scripts: ImportJob[][] = []
  const jobReads = new Map<string, number>()
  const put = (id: string, input: ArticleInput): StoredArticle => {
    clock += 1000
    const article: StoredArticle = { ...structuredClone(input), id, updatedAt: clock }
    articles.set(id, article)
    return structuredClone(article)
  }
  const api: HelpApi = {
    list: vi.fn(async (query) => {
      const q = query.q?.toLowerCase()
      const all = [...articles.values()].sort((a, b) => b.updatedAt - a.updatedAt)
      const matching = all.filter(
        (article) =>
          (!q || article.id.includes(q) || article.title.toLowerCase().includes(q)) &&
          (!query.language || article.language === query.language) &&
          (!query.category || article.category === query.category) &&
          (!query.status || article.published === (query.status === 'published')),
      )
      const offset = query.offset ?? 0
      return {
        articles: matching.slice(offset, offset + (query.limit ?? 20)).map(summaryOf),
        total: matching.length,
        categories: [...new Set(all.flatMap((article) => article.category ?? []))].sort(),
        languages: [...new Set(all.map((article) => article.language))].sort(),
      }
    }),
    get: vi.fn(async (id) => {
      const article = articles.get(id)
      return article && structuredClone(article)
    }),
    put: vi.fn(async (id, input) => put(id, input)),
    remove: vi.fn(async (id) => {
      if (!articles.delete(id))
        throw new StudioApiError(404, 'article_not_found', `No article ${id}.`)
    }),
    importLines: vi.fn(async (ndjson) => {
      const text: string = typeof ndjson === 'string' ? ndjson : await ndjson.text()
      const lines = text.split('\n').filter((line) => line.trim())
      const parsed = lines.map((line, index) => {
        try {
          const value = JSON.parse(line)
          if (typeof value.id === 'string' && typeof value.title === 'string') return value
        } catch {}
        throw new StudioApiError(
          400,
          'invalid_line',
          'Each line is a JSON object with id, title, body and language.',
          [],
          index + 1,
        )
      })
      for (const value of parsed)
        put(value.id, { ...value, body: value.body ?? '', published: true, featured: false })
      return parsed.length
    }),
    importPages: vi.fn(async () => {
      jobs.push(scripts.shift() ?? [])
      return String(jobs.length)
    }),
    job: vi.fn(async (id: string): Promise<ImportJob> => {
      const steps = jobs[Number(id) - 1]
      if (!steps) throw new StudioApiError(404, 'job_not_found', 'No such job.')
      const read = jobReads.get(id) ?? 0
      jobReads.set(id, read + 1)
      const step = steps[Math.min(read, steps.length - 1)]
      return structuredClone(
        step ?? { state: 'running', total: 0, fetched: 0, imported: 0, errors: [] },
      )
    }),
    stats: vi.fn(async () => structuredClone({ ...stats, articles: articles.size })),
  }
  return {
    api,
    articles,
    /** What GET /admin/api/help/stats answers from now on. */
    setStats(next: Partial<HelpStats>) {
      stats = createHelpStats(next)
    },
    /** The progress the next pages job reports, one step a poll (the last one repeats). */
    scriptNextJob(steps: ImportJob[]) {
      scripts.push(steps)
    },
    /** Someone else saves the article (another tab, the API token). */
    savedElsewhere(article: StoredArticle) {
      clock += 1000
      articles.set(article.id, { ...structuredClone(article), updatedAt: clock })
    },
  }
}
