import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import type { HelpApi } from './help-api'
import type { ArticlePage, ArticleQuery } from './help-types'

export const PAGE_SIZE = 20

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * The article list: its filters and page, loaded again on every change. Only the newest
 * request's answer is shown, so a slow answer to an older filter never replaces it.
 */
export function useArticleList(api: HelpApi, pageSize = PAGE_SIZE) {
  const [query, setQuery] = useState<ArticleQuery>({ offset: 0, limit: pageSize })
  const [page, setPage] = useState<ArticlePage | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)

  const load = useCallback(
    async (wanted: ArticleQuery) => {
      const ticket = ++latest.current
      setLoading(true)
      try {
        const answer = await api.list(wanted)
        if (ticket !== latest.current) return
        const offset = wanted.offset ?? 0
        // The last row of the last page went (deleted here or elsewhere): show the page before.
        if (answer.articles.length === 0 && offset > 0 && answer.total > 0) {
          setQuery({ ...wanted, offset: Math.floor((answer.total - 1) / pageSize) * pageSize })
          return
        }
        setPage(answer)
        setError(undefined)
      } catch (failure) {
        if (ticket === latest.current) setError(errorText(failure))
      } finally {
        if (ticket === latest.current) setLoading(false)
      }
    },
    [api, pageSize],
  )

  useEffect(() => {
    void load(query)
  }, [query, load])

  return {
    query,
    page,
    error,
    loading,
    /** Changes filters (back to the first page). */
    filter: (change: Partial<ArticleQuery>) =>
      setQuery((current) => ({ ...current, ...change, offset: 0 })),
    goTo: (offset: number) => setQuery((current) => ({ ...current, offset: Math.max(0, offset) })),
    refresh: () => load(query),
    pageSize,
  }
}
