import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { ArticleId } from '../../../shared/help/article'
import type { AppDeps } from '../../app-deps'
import { apiError } from '../../http/api-error'
import type { AppEnv } from '../../http/app-env'
import { clientKey } from '../../http/client-ip'
import { readJsonRequest } from '../../http/json-body'
import { perMinuteLimiter } from '../../http/rate-limit'
import { bearerToken } from '../../http/visitor-auth'
import { isSessionError } from '../../session/session-error'
import type { Sessions } from '../../session/sessions'
import { HELP_EVENTS, type Help } from '../help-service'
import { MAX_QUERY_LENGTH } from '../search/index'

const HelpEventBody = z.object({
  type: z.enum(HELP_EVENTS),
  articleId: ArticleId.optional(),
  query: z.string().max(MAX_QUERY_LENGTH).optional(),
  /** The visitor's language, for an unanswered question. */
  lang: z.string().max(35).optional(),
})

const Language = z
  .string()
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/)
  .optional()
  .catch(undefined)

/**
 * The public help API under /api (no visitor credentials; CORS like the other /api
 * routes): GET /help/search, /help/featured, /help/articles/:id and POST /help/events,
 * searches and events limited per address by RATE_LIMIT_SEARCHES_PER_MINUTE.
 */
export function publicHelpRoutes(deps: AppDeps, help: Help, sessions: Sessions): Hono<AppEnv> {
  // Searches and events each have RATE_LIMIT_SEARCHES_PER_MINUTE per address of their own.
  const limiter = (name: string) =>
    perMinuteLimiter(deps.store, deps.logger, name, deps.config.help.searchesPerMinute)
  const searches = limiter('help-searches-per-ip')
  const events = limiter('help-events-per-ip')
  async function limit(c: Context<AppEnv>, perIp = searches) {
    const wait = await perIp.hit(clientKey(c, deps.config))
    if (wait !== undefined)
      throw apiError(429, 'too_many_requests', `Too many requests: try again in ${wait} s.`, {
        'retry-after': String(wait),
      })
  }
  // The visitor a valid Authorization header names, else nobody: the events route works without.
  async function visitorOf(c: Context<AppEnv>): Promise<string | undefined> {
    const token = bearerToken(c)
    if (!token) return undefined
    try {
      return (await sessions.authenticate(token)).visitor.visitorId
    } catch (error) {
      if (isSessionError(error)) return undefined
      throw error
    }
  }

  return new Hono<AppEnv>()
    .get('/help/search', async (c) => {
      await limit(c)
      const q = c.req.query('q')
      if (q === undefined || q.trim() === '')
        throw apiError(400, 'invalid_request', 'Send the words to look for as ?q=.')
      const limitParam = Number(c.req.query('limit') ?? 5)
      if (!Number.isInteger(limitParam) || limitParam < 1 || limitParam > 10)
        throw apiError(400, 'invalid_request', 'limit must be a whole number from 1 to 10.')
      c.header('cache-control', 'no-store')
      return c.json(
        await help.search(q, { language: Language.parse(c.req.query('lang')), limit: limitParam }),
      )
    })
    .get('/help/featured', (c) => {
      c.header('cache-control', 'no-cache')
      return c.json({ results: help.featured(Language.parse(c.req.query('lang'))) })
    })
    .get('/help/articles/:id', async (c) => {
      const id = c.req.param('id')
      const article = ArticleId.safeParse(id).success ? await help.publicArticle(id) : undefined
      if (!article) throw apiError(404, 'article_not_found', 'No published article has this id.')
      c.header('cache-control', 'no-cache')
      return c.json(article)
    })
    .post('/help/events', async (c) => {
      await limit(c, events)
      const parsed = HelpEventBody.safeParse(await readJsonRequest(c, 4096))
      if (!parsed.success)
        throw apiError(
          400,
          'invalid_request',
          `Send {"type": one of ${HELP_EVENTS.join(', ')}, "articleId"?, "query"?, "lang"?}.`,
        )
      const { type, articleId, query, lang } = parsed.data
      await help.event(type, await visitorOf(c), { articleId, query, language: lang })
      return c.body(null, 204)
    })
}
