import type { MiddlewareHandler } from 'hono'
import { nanoid } from 'nanoid'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'
import type { AppEnv } from './app-env'

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

/** A request's id: a sane incoming X-Request-Id is kept, otherwise a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : nanoid(12)
}

/** Counts an answered request and writes its access-log line (`started`: performance.now()). */
export function recordRequest(
  log: Logger,
  metrics: PortholeMetrics,
  request: { method: string; route: string; status: number; started: number },
): void {
  const { method, route, status, started } = request
  metrics.httpRequests.inc({ route, status: String(status) })
  log[accessLogLevel(route, status)]('request', {
    method,
    route,
    status,
    ms: Math.round(performance.now() - started),
  })
}

/**
 * Gives each request an id (a sane incoming X-Request-Id is kept), a child logger,
 * and one access-log line. It logs the route pattern, never the raw path, which
 * may hold the webhook secret or a token.
 */
export function requestLog(options: {
  logger: Logger
  metrics: PortholeMetrics
}): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const requestId = requestIdOf(c.req.header('x-request-id'))
    const log = options.logger.child({ requestId })
    c.set('requestId', requestId)
    c.set('log', log)
    const outgoing = c.env?.outgoing
    // Without the Node server (app.request) the id is prepared before the handler
    // runs, so c.json() builds it in rather than Hono copying the response to add it.
    if (!outgoing) c.header('x-request-id', requestId)
    const started = performance.now()
    await next()
    const { res } = c
    if (outgoing) {
      // Node's response merges it into whatever Hono writes next, so Hono's response
      // stays a cheap one. A stream written straight to the socket has sent its
      // headers (its own id among them) and is left alone: a header kept on it would
      // cost memory for as long as the stream stays open.
      if (!outgoing.headersSent) outgoing.setHeader('x-request-id', requestId)
    } else if (!res.headers.has('x-request-id') && !res.headers.has('x-hono-already-sent')) {
      // A response the handler built itself lacks the prepared header; the shared
      // RESPONSE_ALREADY_SENT marker must not be modified.
      c.header('x-request-id', requestId)
    }
    recordRequest(log, options.metrics, {
      method: c.req.method,
      route: c.req.routePath,
      status: res.status,
      started,
    })
  }
}
