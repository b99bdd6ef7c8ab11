import { Hono, type MiddlewareHandler } from 'hono'
import { ReadRequest } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { moveReadMarker } from '../events/read-marker'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { jsonBody } from '../http/json-body'
import type { ConversationLog } from '../store/types'
import { messageBudget } from './message-budget'

/**
 * POST /api/read {upTo}: the visitor has seen every entry up to `upTo` (on any device).
 * Answers the marker in force, which never moves back, and tells every stream of the
 * visitor with a `read` event. Rate-limited like POST /api/messages, with its own budget.
 */
export function readRoutes(deps: AppDeps, auth: MiddlewareHandler<VisitorEnv>) {
  const { config, store, logger } = deps
  return new Hono<AppEnv>()
    .use('/read', auth)
    .post(
      '/read',
      messageBudget(deps, 'reads', 'read receipts'),
      jsonBody(ReadRequest, 4 * 1024),
      async (c) => {
        const { visitorId } = c.get('visitor')
        const { upTo } = c.req.valid('json')
        if (!(await isEntryOf(store, visitorId, upTo))) {
          throw apiError(
            400,
            'invalid_request',
            'upTo: not an entry of this conversation; send the id of the newest entry the visitor has seen.',
          )
        }
        const marker = await moveReadMarker(store, visitorId, upTo, {
          keepMs: config.retention.kinds.messages,
          logger: c.get('log') ?? logger,
        })
        return c.json(marker)
      },
    )
}

/** True when `id` is an entry of the visitor's log: the one right after its predecessor. */
async function isEntryOf(store: ConversationLog, visitorId: string, id: string): Promise<boolean> {
  if (!store.isValidId(id)) return false
  const [previous] = await store.readBefore(visitorId, id, 1)
  const [found] = await store.readAfter(visitorId, previous?.id, 1)
  return found?.id === id
}
