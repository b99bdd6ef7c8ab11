// The answers of the help articles' admin API (/admin/api/help/*) as the studio reads them.

import type { Article, ArticleInput } from '../../../shared/help/article'
import type { FallbackReason } from '../answers/answer-types'

/** An article as it is stored (GET /admin/api/help/articles/:id). */
export type StoredArticle = Article
export type { ArticleInput }

/** One row of the list (GET /admin/api/help/articles). */
export type ArticleSummary = Pick<
  StoredArticle,
  'id' | 'title' | 'language' | 'category' | 'published' | 'featured' | 'updatedAt' | 'url'
>

export const ARTICLE_STATUSES = ['published', 'draft'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

/** The list's filters and page. */
export interface ArticleQuery {
  q?: string
  language?: string
  category?: string
  status?: ArticleStatus
  offset?: number
  limit?: number
}

export interface ArticlePage {
  articles: ArticleSummary[]
  total: number
  /** Every category and language in use, for the filters and the editor's suggestions. */
  categories: string[]
  languages: string[]
}

/** A question visitors asked that no article answered confidently. */
export interface UnansweredQuestion {
  question: string
  language: string
  count: number
  /** Epoch ms it was last asked. */
  lastAt: number
}

/** GET /admin/api/help/stats. */
export interface HelpStats {
  articles: number
  searches: number
  suggestionsShown: number
  articlesOpened: number
  helpful: number
  notHelpful: number
  deflections: number
  botAnswers: number
  /** The model's written answers sent, their “That helped” votes, their fallbacks to the articles. */
  modelAnswers: number
  modelHelped: number
  modelFallbacks: number
  /** The fallbacks by reason, when the server counts them so. */
  modelFallbackReasons: Partial<Record<FallbackReason, number>>
  unanswered: UnansweredQuestion[]
}

/** What the backend fetches for "Import from your site". */
export interface PagesImport {
  sitemap?: string
  urls?: string[]
  language: string
  category?: string
}

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number]

/** GET /admin/api/help/import/pages/:job. */
export interface ImportJob {
  state: ImportJobState
  total: number
  fetched: number
  imported: number
  errors: { url: string; reason: string }[]
}
