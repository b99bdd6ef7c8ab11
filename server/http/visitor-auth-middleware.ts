import type { MiddlewareHandler } from 'hono'
import { isSessionError } from '../session/session-error'
import type { Authenticated, Sessions } from '../session/sessions'
import type { VisitorEnv } from './app-env'
import { bearerToken, noCredential, sessionRefusal, tokenInUrl } from './visitor-auth'

/**
 * Verifies the visitor once per request: the Bearer token's signature, age
 * (SESSION_TTL_DAYS) and generation (DELETE /api/session), or on the stream route a
 * ticket from POST /api/events/ticket (only the stream route, GET /api/events, takes
 * one: `acceptTicket`). Sets `visitor` and `visitorGeneration`, so the routes behind
 * it (typed with VisitorEnv) read `c.get('visitor')`; any failure is a 401 with a code
 * and `WWW-Authenticate: Bearer`. A `token` query parameter is refused outright:
 * tokens stay out of URLs.
 */
export function visitorAuth(options: {
  sessions: Sessions
  acceptTicket?: boolean
}): MiddlewareHandler<VisitorEnv> {
  const { sessions, acceptTicket = false } = options
  return async function visitorAuthMiddleware(c, next) {
    if (c.req.query('token') !== undefined) throw tokenInUrl()
    const token = bearerToken(c)
    const ticket = acceptTicket ? c.req.query('ticket') : undefined
    let authenticated: Authenticated
    try {
      if (token) authenticated = await sessions.authenticate(token)
      else if (ticket) authenticated = await sessions.authenticateTicket(ticket)
      else throw noCredential()
    } catch (error) {
      if (isSessionError(error)) throw sessionRefusal(error)
      throw error
    }
    c.set('visitor', authenticated.visitor)
    c.set('visitorGeneration', authenticated.generation)
    await next()
  }
}
