import { Hono, type MiddlewareHandler } from 'hono'
import { HistoryQuery, type HistoryResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { validate } from '../http/validation'

/**
 * GET /api/history?before=<entry id>&limit=<n>: the page of the visitor's conversation
 * before an entry (the newest page without `before`), oldest first. An empty page
 * means there is nothing earlier.
 */
export function historyRoutes(deps: AppDeps, auth: MiddlewareHandler<VisitorEnv>) {
  const { store } = deps
  // Authenticated before the query is parsed, as every visitor route is.
  return new Hono<AppEnv>()
    .use('/history', auth)
    .get('/history', validate('query', HistoryQuery), async (c) => {
      const { visitorId } = c.get('visitor')
      const { before, limit } = c.req.valid('query')
      if (before !== undefined && !store.isValidId(before)) {
        throw apiError(
          400,
          'invalid_request',
          'before: not an entry id of this server; send the id of the oldest entry you have, or leave it out for the newest page.',
        )
      }
      const entries = await store.readBefore(visitorId, before, limit)
      c.header('cache-control', 'no-store')
      return c.json({ entries } satisfies HistoryResponse)
    })
}
