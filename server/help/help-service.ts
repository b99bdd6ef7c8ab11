import type {
  ArticleResult,
  ArticleSearchAnswer,
  PublicArticle,
} from '../../shared/help/article-tree'
import { FALLBACK_REASONS, type FallbackReason } from '../../shared/model-answers/fallback-reasons'
import type { Logger } from '../logging/logger'
import type { MetricsRegistry } from '../metrics/registry'
import type { ModelCounter } from '../model-answers/model-answers'
import type { Store } from '../store/types'
import { type Catalogue, type CatalogueEntry, createCatalogue } from './catalogue'
import { createDeflections } from './deflections'
import { helpMetrics } from './help-metrics'
import { looksLikeQuestion, normalizeQuestion } from './normalize-question'
import { createArticleIndex, MAX_QUERY_LENGTH } from './search/index'
import type { ArticleStore, HelpCounter } from './store/article-store'

export const HELP_EVENTS = [
  'suggestions_shown',
  'article_opened',
  'helpful',
  'not_helpful',
  'unanswered',
] as const
export type HelpEvent = (typeof HELP_EVENTS)[number]

const MAX_FEATURED = 10
const FLUSH_MS = 5000
const SWEEP_MS = 60_000

/** One article's best passage for a question, with the search's score. */
export type ScoredPassage = {
  articleId: string
  title: string
  text: string
  url: string
  score: number
}

export type SearchRequest = { language?: string | undefined; limit?: number | undefined }

/**
 * The help: search over this instance's index, the public view of articles, the events
 * and counters. Counters are added up here and written to the store every few seconds
 * (one write per search would be a disk sync each on sqlite).
 */
export function createHelp(options: {
  articles: ArticleStore
  store: Store
  publicUrl: string
  registry: MetricsRegistry
  now: () => number
  logger: Logger
  /** Tests: a fresh index (default: createArticleIndex). */
  createIndex?: typeof createArticleIndex
}) {
  const { articles, now, logger } = options
  const metrics = helpMetrics(options.registry)
  const catalogue: Catalogue = createCatalogue({
    store: articles,
    index: options.createIndex ?? createArticleIndex,
    logger,
  })
  metrics.setArticles(() => catalogue.size)
  const pending = new Map<HelpCounter, number>()
  const add = (counter: HelpCounter, by = 1) =>
    pending.set(counter, (pending.get(counter) ?? 0) + by)
  // Unanswered questions being saved, awaited by flush() (so stats() includes them).
  const writes = new Set<Promise<void>>()
  async function flush() {
    await Promise.all(writes)
    const counts = [...pending]
    pending.clear()
    for (const [i, [counter, by]] of counts.entries()) {
      try {
        await articles.increment(counter, by)
      } catch (error) {
        // Kept for the next flush: a store that is away loses no count.
        for (const [left, n] of counts.slice(i)) add(left, n)
        throw error
      }
    }
  }
  const deflections = createDeflections({
    store: options.store,
    now,
    logger,
    count: async () => {
      metrics.deflections.inc()
      add('deflections')
    },
  })
  let timers: ReturnType<typeof setInterval>[] = []

  const urlOf = (entry: Pick<CatalogueEntry, 'id' | 'url'>) =>
    entry.url ?? `${options.publicUrl.replace(/\/$/, '')}/help/${entry.id}`

  async function recordUnanswered(question: string, language: string): Promise<void> {
    const normalized = normalizeQuestion(question)
    if (!normalized) return
    metrics.unanswered.inc()
    add('unanswered')
    await articles.recordUnanswered(normalized, language.slice(0, 35), now())
  }

  /**
   * The published articles that answer `query` (cut to MAX_QUERY_LENGTH), best first, at
   * most `limit` (1–10, default 5). Counts the search; a question nothing answered is
   * recorded by whoever knows the visitor gave up on it (the bot, the Help view's events).
   *
   * @example const { results, confident } = await runtime.help.search('where is my parcel', { language: 'en' })
   */
  async function search(query: string, request: SearchRequest = {}): Promise<ArticleSearchAnswer> {
    const q = query.slice(0, MAX_QUERY_LENGTH)
    const limit = Math.min(10, Math.max(1, request.limit ?? 5))
    const outcome = catalogue.index.search(q, {
      limit,
      ...(request.language ? { language: request.language } : {}),
    })
    const results: ArticleResult[] = []
    for (const hit of outcome.hits) {
      const entry = catalogue.entry(hit.id)
      if (entry)
        results.push({ id: hit.id, title: entry.title, snippet: hit.snippet, url: urlOf(entry) })
    }
    metrics.searches.inc()
    add('searches')
    const confident = outcome.confident && results.length > 0
    return { results: results.slice(0, limit), confident }
  }

  /**
   * The best passages for a question, with their scores (what a language model is
   * given): one per article, the article's best passage. Not counted as a search.
   */
  function passages(query: string, request: SearchRequest = {}): ScoredPassage[] {
    const outcome = catalogue.index.search(query.slice(0, MAX_QUERY_LENGTH), {
      limit: Math.min(10, Math.max(1, request.limit ?? 5)),
      ...(request.language ? { language: request.language } : {}),
    })
    const found: ScoredPassage[] = []
    for (const hit of outcome.hits) {
      const entry = catalogue.entry(hit.id)
      if (entry)
        found.push({
          articleId: hit.id,
          title: entry.title,
          text: hit.snippet,
          url: urlOf(entry),
          score: hit.score,
        })
    }
    return found
  }

  return {
    articles,
    catalogue,
    search,
    passages,
    recordUnanswered,
    /** The published articles this instance can answer from. */
    published: () => catalogue.size,
    urlOf,
    featured(language?: string): ArticleResult[] {
      const base = language?.split('-')[0]?.toLowerCase()
      const rank = (entry: CatalogueEntry) =>
        entry.language === language
          ? 0
          : entry.language.split('-')[0]?.toLowerCase() === base
            ? 1
            : 2
      return [...catalogue.entries()]
        .filter((entry) => entry.featured)
        .sort((a, b) => rank(a) - rank(b) || b.updatedAt - a.updatedAt)
        .slice(0, MAX_FEATURED)
        .map((entry) => ({
          id: entry.id,
          title: entry.title,
          snippet: entry.lead,
          url: urlOf(entry),
        }))
    },
    async publicArticle(id: string): Promise<PublicArticle | undefined> {
      const stored = await articles.get(id)
      if (!stored?.article.published) return undefined
      const { article } = stored
      return {
        id: article.id,
        title: article.title,
        language: article.language,
        ...(article.category !== undefined ? { category: article.category } : {}),
        url: urlOf(article),
        blocks: stored.blocks,
        updatedAt: article.updatedAt,
      }
    },
    async event(
      type: HelpEvent,
      visitorId: string | undefined,
      details: {
        articleId?: string | undefined
        query?: string | undefined
        language?: string | undefined
      } = {},
    ) {
      const { articleId, query, language } = details
      // A question the visitor gave up on (left the Help view without a confident answer,
      // or found the article did not answer it) joins the "no article" list. Searches
      // themselves are not counted: typed a word at a time, they would list every prefix.
      if ((type === 'unanswered' || type === 'not_helpful') && query && looksLikeQuestion(query)) {
        const write = recordUnanswered(query, language ?? '')
          .catch((error: unknown) =>
            logger.warn('help: an unanswered question was not saved', { error }),
          )
          .finally(() => writes.delete(write))
        writes.add(write)
      }
      if (type === 'unanswered') return
      if (type === 'suggestions_shown') {
        metrics.suggestionsShown.inc()
        add('suggestionsShown')
      } else if (type === 'article_opened') {
        metrics.articlesOpened.inc()
        add('articlesOpened')
        if (visitorId) await deflections.opened(visitorId, articleId)
      } else if (type === 'helpful') {
        metrics.helpful.inc({ helpful: 'yes' })
        add('helpful')
        await deflections.helpful(visitorId)
      } else {
        metrics.helpful.inc({ helpful: 'no' })
        add('notHelpful')
      }
    },
    /** The bot answered from an article. */
    botAnswered: () => void add('botAnswers'),
    /** A written answer of the model was sent, was found helpful, or fell back to the articles. */
    count: (counter: ModelCounter) => void add(counter),
    async stats() {
      await flush()
      const [counters, unanswered, count] = await Promise.all([
        articles.counters(),
        articles.topUnanswered(50),
        articles.count(),
      ])
      const modelFallbackReasons: Partial<Record<FallbackReason, number>> = {}
      for (const reason of FALLBACK_REASONS) {
        const n = counters[`modelFallback:${reason}`]
        if (n > 0) modelFallbackReasons[reason] = n
      }
      const totals = Object.fromEntries(
        Object.entries(counters).filter(([name]) => !name.startsWith('modelFallback:')),
      ) as Record<Exclude<HelpCounter, `modelFallback:${string}`>, number>
      return { articles: count, ...totals, modelFallbackReasons, unanswered }
    },
    flush,
    sweep: () => deflections.sweep(),
    async start() {
      await catalogue.start()
      const every = (ms: number, work: () => Promise<void>) => {
        const timer = setInterval(() => {
          work().catch((error: unknown) => logger.warn('help: background work failed', { error }))
        }, ms)
        timer.unref?.()
        timers.push(timer)
      }
      every(FLUSH_MS, flush)
      every(SWEEP_MS, deflections.sweep)
    },
    async stop() {
      for (const timer of timers) clearInterval(timer)
      timers = []
      catalogue.stop()
      await flush().catch((error: unknown) => logger.warn('help: counters not saved', { error }))
      articles.close()
    },
  }
}

export type Help = ReturnType<typeof createHelp>
