import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env'

/**
 * Headers every response carries: browsers must not guess a content type (a JSON
 * error echoing input must never run as a script or a page), and no URL of ours
 * (a `token` query parameter) may leak to another site as a Referer.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const

/** API answers are one visitor's (a token, their messages): never kept by a cache. */
const API_CACHE_CONTROL = 'no-store'

const isApi = (path: string) => path.startsWith('/api/')

/**
 * Adds SECURITY_HEADERS to every response and `Cache-Control: no-store` to API
 * responses that set no cache policy of their own (status and config keep theirs).
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    const api = isApi(c.req.path)
    const outgoing = c.env?.outgoing
    if (!outgoing) {
      // Without the Node server (app.request): prepared here, so c.json() builds them in.
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
      if (api) c.header('cache-control', API_CACHE_CONTROL)
    }
    await next()
    if (outgoing) {
      // Node's response merges these into what Hono writes next; the response's own
      // headers (a route's cache policy) win. A stream that already sent its headers
      // brought its own (the event stream) and is left alone.
      if (outgoing.headersSent) return
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) outgoing.setHeader(name, value)
      if (api) outgoing.setHeader('cache-control', API_CACHE_CONTROL)
      return
    }
    const { headers } = c.res
    // A response the handler built itself (an error's) lacks the prepared headers; the
    // shared RESPONSE_ALREADY_SENT marker must not be modified.
    if (headers.has('x-hono-already-sent')) return
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!headers.has(name)) headers.set(name, value)
    if (api && !headers.has('cache-control')) headers.set('cache-control', API_CACHE_CONTROL)
  }
}
