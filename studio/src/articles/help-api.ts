import { isStudioApiError, jsonInit, type Request } from '../api-request'
import {
  readArticle,
  readArticlePage,
  readImported,
  readJob,
  readJobId,
  readStats,
} from './help-answers'
import type {
  ArticleInput,
  ArticlePage,
  ArticleQuery,
  HelpStats,
  ImportJob,
  PagesImport,
  StoredArticle,
} from './help-types'

/** The help articles' admin API (/admin/api/help/*), as the studio calls it. */
export interface HelpApi {
  list(query: ArticleQuery): Promise<ArticlePage>
  /** The stored article, or undefined when there is none with this id (404). */
  get(id: string): Promise<StoredArticle | undefined>
  /** Creates or replaces the article `id`. */
  put(id: string, article: ArticleInput): Promise<StoredArticle>
  remove(id: string): Promise<void>
  /** NDJSON, one article a line: all imported or none (a StudioApiError with its `line`). */
  importLines(ndjson: string | Blob): Promise<number>
  /** Starts fetching the site's pages; the job's id. */
  importPages(request: PagesImport): Promise<string>
  job(id: string): Promise<ImportJob>
  stats(): Promise<HelpStats>
}

const articlePath = (id: string) => `/api/help/articles/${encodeURIComponent(id)}`

function listSearch(query: ArticleQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The help API over the studio's request (api-request.ts). */
export function createHelpApi(call: Request): HelpApi {
  return {
    list: async (query) => readArticlePage(await call(`/api/help/articles${listSearch(query)}`)),
    get: async (id) => {
      try {
        return readArticle(await call(articlePath(id)))
      } catch (error) {
        if (isStudioApiError(error) && error.status === 404) return undefined
        throw error
      }
    },
    put: async (id, article) => readArticle(await call(articlePath(id), jsonInit('PUT', article))),
    remove: async (id) => {
      await call(articlePath(id), { method: 'DELETE' })
    },
    importLines: async (ndjson) =>
      readImported(
        await call('/api/help/import', {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson' },
          body: ndjson,
        }),
      ),
    importPages: async (request) =>
      readJobId(await call('/api/help/import/pages', jsonInit('POST', request))),
    job: async (id) => readJob(await call(`/api/help/import/pages/${encodeURIComponent(id)}`)),
    stats: async () => readStats(await call('/api/help/stats')),
  }
}
