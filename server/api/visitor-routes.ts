import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import type { VisitorData } from '../privacy/visitor-data'

/** `porthole-conversation-2026-11-29.json`: the export's file name, dated in UTC. */
export function exportFileName(at: number): string {
  return `porthole-conversation-${new Date(at).toISOString().slice(0, 10)}.json`
}

/**
 * The visitor's own data, with their credential: GET /api/visitor/export (everything
 * Porthole keeps about them, as a JSON download) and DELETE /api/visitor (erases it
 * all, revokes every credential; 200 with the receipt once done). A second DELETE
 * with the now-revoked credential is a 401, as for any revoked credential.
 */
export function visitorDataRoutes(
  data: VisitorData,
  now: () => number,
  auth: MiddlewareHandler<VisitorEnv>,
) {
  return new Hono<AppEnv>()
    .use('/visitor', auth)
    .use('/visitor/export', auth)
    .get('/visitor/export', async (c) => {
      const { visitorId } = c.get('visitor')
      const body = await data.export(visitorId)
      c.header('cache-control', 'no-store')
      c.header('content-disposition', `attachment; filename="${exportFileName(now())}"`)
      return c.json(body)
    })
    .delete('/visitor', async (c) => {
      const { visitorId } = c.get('visitor')
      const receipt = await data.erase(visitorId, 'visitor')
      c.header('cache-control', 'no-store')
      return c.json(receipt)
    })
}
