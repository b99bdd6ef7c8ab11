// Readers of the help API's answers: each checks what it uses and throws a StudioApiError
// naming the answer when the server sent something the studio cannot read.

import { isRecord } from '../../../shared/is-record'
import { FALLBACK_REASONS, type FallbackReason } from '../answers/answer-types'
import { StudioApiError } from '../api-request'
import {
  type ArticlePage,
  type ArticleSummary,
  type HelpStats,
  IMPORT_JOB_STATES,
  type ImportJob,
  type StoredArticle,
  type UnansweredQuestion,
} from './help-types'

const unreadable = (what: string) =>
  new StudioApiError(0, 'bad_answer', `The server sent ${what} the studio cannot read.`)

const text = (value: unknown): value is string => typeof value === 'string'
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter(text) : [])

function summary(item: unknown): ArticleSummary[] {
  if (!isRecord(item) || !text(item.id) || !text(item.title) || !text(item.language)) return []
  const row: ArticleSummary = {
    id: item.id,
    title: item.title,
    language: item.language,
    published: item.published === true,
    featured: item.featured === true,
    updatedAt: count(item.updatedAt),
  }
  if (text(item.category) && item.category !== '') row.category = item.category
  if (text(item.url) && item.url !== '') row.url = item.url
  return [row]
}

export function readArticlePage(body: unknown): ArticlePage {
  if (!isRecord(body) || !Array.isArray(body.articles)) throw unreadable('an article list')
  return {
    articles: body.articles.flatMap(summary),
    total: count(body.total),
    categories: texts(body.categories),
    languages: texts(body.languages),
  }
}

export function readArticle(body: unknown): StoredArticle {
  const [row] = summary(body)
  if (!row || !isRecord(body) || !text(body.body)) throw unreadable('an article')
  const article: StoredArticle = { ...row, body: body.body }
  const keywords = texts(body.keywords)
  if (keywords.length > 0) article.keywords = keywords
  return article
}

function unanswered(item: unknown): UnansweredQuestion[] {
  if (!isRecord(item) || !text(item.question)) return []
  return [
    {
      question: item.question,
      language: text(item.language) ? item.language : '',
      count: count(item.count),
      lastAt: count(item.lastAt),
    },
  ]
}

/** The fallbacks by reason: known reasons with a count above zero, the rest left out. */
function reasons(value: unknown): Partial<Record<FallbackReason, number>> {
  const counts: Partial<Record<FallbackReason, number>> = {}
  if (!isRecord(value)) return counts
  for (const reason of FALLBACK_REASONS) {
    const n = count(value[reason])
    if (n > 0) counts[reason] = n
  }
  return counts
}

export function readStats(body: unknown): HelpStats {
  if (!isRecord(body)) throw unreadable('help numbers')
  return {
    articles: count(body.articles),
    searches: count(body.searches),
    suggestionsShown: count(body.suggestionsShown),
    articlesOpened: count(body.articlesOpened),
    helpful: count(body.helpful),
    notHelpful: count(body.notHelpful),
    deflections: count(body.deflections),
    botAnswers: count(body.botAnswers),
    modelAnswers: count(body.modelAnswers),
    modelHelped: count(body.modelHelped),
    modelFallbacks: count(body.modelFallbacks),
    modelFallbackReasons: reasons(body.modelFallbackReasons),
    unanswered: Array.isArray(body.unanswered) ? body.unanswered.flatMap(unanswered) : [],
  }
}

export function readImported(body: unknown): number {
  if (!isRecord(body) || typeof body.imported !== 'number') throw unreadable('an import result')
  return body.imported
}

export function readJobId(body: unknown): string {
  const job = isRecord(body) ? body.job : undefined
  if (!text(job) && typeof job !== 'number') throw unreadable('an import job')
  return String(job)
}

export function readJob(body: unknown): ImportJob {
  const state = isRecord(body) ? IMPORT_JOB_STATES.find((known) => known === body.state) : undefined
  if (!isRecord(body) || !state) throw unreadable('an import job’s progress')
  const errors = Array.isArray(body.errors)
    ? body.errors.flatMap((item) =>
        isRecord(item) && text(item.url)
          ? [{ url: item.url, reason: text(item.reason) ? item.reason : '' }]
          : [],
      )
    : []
  return {
    state,
    total: count(body.total),
    fetched: count(body.fetched),
    imported: count(body.imported),
    errors,
  }
}
