import type {
  ArticleResult,
  ArticleSearchAnswer,
  PublicArticle,
} from '../../shared/help/article-tree'
import { parseArticle, parseFeatured, parseSearchAnswer } from '../protocol/help-bodies'
import { isRecord } from '../protocol/read'

/** What POST /api/help/events counts (the studio's numbers, the deflections). */
export type HelpEvent = {
  type: 'suggestions_shown' | 'article_opened' | 'helpful' | 'not_helpful' | 'unanswered'
  articleId?: string
  query?: string
}

/** The backend's longest query (a longer one is cut there): cut here too, so the URL stays short. */
export const MAX_QUERY_LENGTH = 500

/** A help route that failed: `status` 0 when the backend could not be reached. */
export class HelpError extends Error {
  override name = 'HelpError' as const
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait (a 429's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

/**
 * One call, with the help chunk's own few lines of fetch: the page's search and the Help
 * view load without the conversation's client (its chunk is the engine's).
 */
async function call(fetcher: typeof fetch, url: string, init: RequestInit = {}) {
  let response: Response
  try {
    response = await fetcher(url, { credentials: 'omit', ...init })
  } catch (error) {
    throw new HelpError(0, `cannot reach the chat server (${String(error)})`)
  }
  if (response.status === 204) return undefined
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return body
  const error = isRecord(body) && isRecord(body.error) ? body.error : {}
  const retryAfter = Number(response.headers.get('retry-after'))
  throw new HelpError(
    response.status,
    typeof error.message === 'string'
      ? error.message
      : `the chat server answered ${response.status}`,
    retryAfter > 0 ? retryAfter : undefined,
  )
}

const unreadable = (route: string) => new HelpError(200, `${route} returned an unreadable body`)

/**
 * The help routes of the backend at `base`, in the visitor's language. None needs a
 * session: the events carry the visitor's credential when `token` finds one (the
 * "article opened" that starts a deflection's clock).
 *
 * @example const answer = await helpClient(base, fetch, 'de').search('Rücksendung')
 */
export function helpClient(
  base: string,
  fetcher: typeof fetch,
  lang: string,
  token: () => Promise<string | undefined> = async () => undefined,
) {
  const get = (path: string) => call(fetcher, `${base}api/help/${path}`)
  return {
    async search(query: string, limit = 5): Promise<ArticleSearchAnswer> {
      const q = encodeURIComponent(query.trim().slice(0, MAX_QUERY_LENGTH))
      const answer = parseSearchAnswer(await get(`search?q=${q}&lang=${lang}&limit=${limit}`))
      if (!answer) throw unreadable('GET /api/help/search')
      return answer
    },
    featured: async (): Promise<ArticleResult[]> =>
      parseFeatured(await get(`featured?lang=${lang}`)),
    async article(id: string): Promise<PublicArticle> {
      const article = parseArticle(await get(`articles/${encodeURIComponent(id)}`))
      if (!article) throw unreadable('GET /api/help/articles/:id')
      return article
    },
    /** Counted by the backend; a lost event is not worth a retry (nothing the visitor wrote). */
    event(event: HelpEvent): void {
      // A question the visitor gave up on goes to the "no article" list in its language.
      const listed = event.type === 'unanswered' || event.type === 'not_helpful'
      const body = event.query
        ? { ...event, query: event.query.slice(0, MAX_QUERY_LENGTH), ...(listed ? { lang } : {}) }
        : event
      token()
        .catch(() => undefined)
        .then((bearer) =>
          call(fetcher, `${base}api/help/events`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            },
            body: JSON.stringify(body),
          }),
        )
        .catch(() => {})
    },
  }
}
export type HelpClient = ReturnType<typeof helpClient>
