import type { ArticleSearchAnswer } from '../../shared/help/article-tree'
import { HelpError, helpClient } from './help-client'

/**
 * Porthole.searchArticles: the same search as the Help view's, in the widget's language,
 * callable before the chat was ever opened (it stores nothing and needs no session). A
 * chunk of its own, fetched at the page's first call.
 */
export async function searchArticles(
  where: { base: string; fetch: typeof fetch; lang: string },
  query: unknown,
): Promise<ArticleSearchAnswer> {
  if (typeof query !== 'string' || !query.trim())
    throw new TypeError(`Porthole.searchArticles expects a non-empty text, not ${String(query)}`)
  try {
    return await helpClient(where.base, where.fetch, where.lang).search(query)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    throw new Error(
      error instanceof HelpError && error.status === 429
        ? `Porthole.searchArticles: too many searches from this address, try again in ${error.retryAfter ?? 60} s`
        : `Porthole.searchArticles failed: ${why}`,
      { cause: error },
    )
  }
}
