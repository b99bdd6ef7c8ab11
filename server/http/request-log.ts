import type { MiddlewareHandler } from 'hono'
import { nanoid } from 'nanoid'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'

export type RequestVariables = { requestId: string; log: Logger }

const INCOMING_ID = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * Gives each request an id (a sane incoming X-Request-Id is kept), a child logger,
 * and one access-log line. It logs the route pattern, never the raw path, which
 * may hold the webhook secret or a token.
 */
export function requestLog(options: {
  logger: Logger
  metrics: PortholeMetrics
}): MiddlewareHandler<{
  Variables: RequestVariables
}> {
  return async function requestLogMiddleware(c, next) {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : nanoid(12)
    const log = options.logger.child({ requestId })
    c.set('requestId', requestId)
    c.set('log', log)
    const started = performance.now()
    await next()
    // A stream written straight to the socket sent its own headers, and its response
    // may be the shared RESPONSE_ALREADY_SENT marker, which must not be modified.
    if (!c.res.headers.has('x-hono-already-sent')) c.header('x-request-id', requestId)
    const route = c.req.routePath
    options.metrics.httpRequests.inc({ route, status: String(c.res.status) })
    log.info('request', {
      method: c.req.method,
      route,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  }
}
