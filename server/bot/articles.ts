import type { ArticleResult, ArticleSearchAnswer } from '../../shared/help/article-tree'
import { MAX_TEXT_LENGTH } from '../../shared/text'
import { type BotLogger, describeError } from './logger'

/**
 * The site's published articles as the bot asks them (the backend's help service fits):
 * typed here so the bot depends on no particular store or engine.
 */
export type BotArticles = {
  search(
    query: string,
    options: { language?: string; limit?: number },
  ): Promise<ArticleSearchAnswer>
  /** Keeps a question no article answered, for the site owner's "no article" list. */
  recordUnanswered?(question: string, language: string): Promise<void>
  /**
   * How many published articles there are to answer from: with none, the bot behaves as
   * it does without articles (no "say it differently?" on a site that has written none).
   */
  published?(): number
}

/** The longest the bot waits for a search before it hands over as it would without articles. */
export const ARTICLE_SEARCH_TIMEOUT_MS = 2000

/** What a search gave the bot: the article that answers, none, or nothing usable (failed). */
export type ArticleOutcome = { found: ArticleResult } | { found: undefined } | 'failed'

/**
 * Searches the articles for a customer's question; never throws: a search that fails or
 * takes longer than `timeoutMs` is logged and answers 'failed' (the bot then hands over).
 *
 * @example const outcome = await searchArticles(articles, 'how long does shipping take?', 'en', logger)
 */
export async function searchArticles(
  articles: BotArticles,
  question: string,
  language: string,
  logger: BotLogger,
  timeoutMs = ARTICLE_SEARCH_TIMEOUT_MS,
): Promise<ArticleOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs)
  })
  try {
    const answer = await Promise.race([articles.search(question, { language, limit: 1 }), late])
    if (answer === 'late') {
      logger.warn('bot: the article search took too long; handing over', { timeoutMs })
      return 'failed'
    }
    const first = answer.results[0]
    return answer.confident && first ? { found: first } : { found: undefined }
  } catch (error) {
    logger.error('bot: the article search failed; handing over', { error: describeError(error) })
    return 'failed'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Records an unanswered question, cut to one chat message's length (a B2 event may carry
 * more); a failure is logged, never passed on (the chat goes on).
 */
export async function recordUnanswered(
  articles: BotArticles,
  question: string,
  language: string,
  logger: BotLogger,
): Promise<void> {
  try {
    await articles.recordUnanswered?.(question.slice(0, MAX_TEXT_LENGTH), language)
  } catch (error) {
    logger.warn('bot: recording a question no article answers failed', {
      error: describeError(error),
    })
  }
}
