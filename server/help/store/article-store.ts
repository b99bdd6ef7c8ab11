import type { Article } from '../../../shared/help/article'
import { FALLBACK_REASONS } from '../../../shared/model-answers/fallback-reasons'
import type { StoredArticle } from '../article'

/** What a list shows and filters on. */
export type ArticleFilter = {
  /** Matches the id or the title, case-insensitively, as text. */
  q?: string
  language?: string
  category?: string
  status?: 'published' | 'draft'
  offset?: number
  limit?: number
}

export type ArticleSummary = Pick<
  Article,
  'id' | 'title' | 'language' | 'category' | 'published' | 'featured' | 'updatedAt' | 'url'
>

export type ArticleList = {
  articles: ArticleSummary[]
  total: number
  categories: string[]
  languages: string[]
}

/** One change of the articles, as every instance's index receives it. */
export type ArticleChange =
  | { kind: 'put'; stored: StoredArticle }
  | { kind: 'delete'; id: string }
  /** Too much changed (an import, a Redis restart): read everything again. */
  | { kind: 'reload' }

/** A counted question that found no confident article. */
export type Unanswered = { question: string; language: string; count: number; lastAt: number }

/** The help's counters, shared by every instance. */
export const HELP_COUNTERS = [
  'searches',
  'suggestionsShown',
  'articlesOpened',
  'helpful',
  'notHelpful',
  'deflections',
  'botAnswers',
  'unanswered',
  /** Written answers of the model sent (server/model-answers/), their "That helped", their fallbacks. */
  'modelAnswers',
  'modelHelped',
  'modelFallbacks',
  /** Each fallback by its reason (shared/model-answers/fallback-reasons.ts). */
  ...FALLBACK_REASONS.map((reason) => `modelFallback:${reason}` as const),
] as const
export type HelpCounter = (typeof HELP_COUNTERS)[number]

/** The unanswered list keeps this many distinct questions (the least asked go first). */
export const MAX_UNANSWERED = 1000

/**
 * The articles (server/help/store/): one implementation per store kind, with the help's
 * counters beside them. put/putMany refuse past MAX_ARTICLES (TooManyArticlesError);
 * putMany stores all or nothing.
 */
export interface ArticleStore {
  put(stored: StoredArticle): Promise<void>
  putMany(stored: StoredArticle[]): Promise<void>
  get(id: string): Promise<StoredArticle | undefined>
  /** True when there was such an article. */
  delete(id: string): Promise<boolean>
  list(filter: ArticleFilter): Promise<ArticleList>
  /** Every stored article (the index's fill at start). */
  all(): Promise<StoredArticle[]>
  count(): Promise<number>
  /**
   * Calls `listener` for every change, on any instance, from now on (on Redis within a
   * second or so); resolves with the unsubscribe once it listens, so a fill that follows
   * misses nothing.
   */
  watch(listener: (change: ArticleChange) => void): Promise<() => void>
  increment(counter: HelpCounter, by?: number): Promise<void>
  counters(): Promise<Record<HelpCounter, number>>
  /** Counts one more asking of `question` (normalized by the caller). */
  recordUnanswered(question: string, language: string, at: number): Promise<void>
  /** The most asked first. */
  topUnanswered(limit: number): Promise<Unanswered[]>
  close(): void
}

export class TooManyArticlesError extends Error {
  override name = 'TooManyArticlesError' as const
  readonly code = 'too_many_articles'
  constructor(count: number, max: number) {
    super(
      `This would make ${count} articles; the limit is ${max}: delete articles you no longer need first.`,
    )
  }
}

export const isTooManyArticles = (error: unknown): error is TooManyArticlesError =>
  error instanceof TooManyArticlesError
