import type { MiddlewareHandler } from 'hono'
import { nanoid } from 'nanoid'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'

export type RequestVariables = { requestId: string; log: Logger }

const INCOMING_ID = /^[A-Za-z0-9_.-]{1,64}$/

// The route the service calls for every agent message: its successes are logged at
// debug, so a busy backend does not write (synchronously, to stdout) one line per
// delivered message. Its failures keep the normal levels.
const ROUTINE_ROUTES = new Set(['/hooks/:secret/:channelId'])

/** The level of a request's access-log line: warn for 5xx, debug for delivered webhooks. */
export function accessLogLevel(route: string, status: number): 'debug' | 'info' | 'warn' {
  if (status >= 500) return 'warn'
  if (status < 400 && ROUTINE_ROUTES.has(route)) return 'debug'
  return 'info'
}

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
    // Set before the handler runs, the header goes into the response c.json() builds;
    // set afterwards, Hono would have to copy the whole response to add it.
    c.header('x-request-id', requestId)
    const started = performance.now()
    await next()
    const { res } = c
    // A stream written straight to the socket sent its own headers, and its response
    // may be the shared RESPONSE_ALREADY_SENT marker, which must not be modified.
    if (!res.headers.has('x-request-id') && !res.headers.has('x-hono-already-sent')) {
      c.header('x-request-id', requestId)
    }
    const route = c.req.routePath
    const status = res.status
    options.metrics.httpRequests.inc({ route, status: String(status) })
    log[accessLogLevel(route, status)]('request', {
      method: c.req.method,
      route,
      status,
      ms: Math.round(performance.now() - started),
    })
  }
}
