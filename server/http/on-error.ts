import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { errorBody } from '../../shared/protocol/errors'
import type { Logger } from '../logging/logger'
import type { AppEnv } from './app-env'

const BEARER_CHALLENGE = 'Bearer'

/** The app's one error handler: HTTPException → its response; anything else → logged 500. */
export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return function onError(error, c) {
    if (error instanceof HTTPException) {
      const res = error.getResponse()
      // Every 401 names the scheme that opens the API (RFC 9110, 11.6.1), here in one place.
      if (error.status === 401 && !res.headers.has('www-authenticate'))
        res.headers.set('www-authenticate', BEARER_CHALLENGE)
      // Hono's own exceptions (e.g. a malformed JSON body) carry plain text: give them our body.
      if (res.headers.get('content-type')?.startsWith('application/json')) return res
      const code = error.status === 400 ? 'invalid_request' : 'error'
      return c.json(
        errorBody(code, error.message || res.statusText || 'request failed'),
        error.status,
        error.status === 401 ? { 'www-authenticate': BEARER_CHALLENGE } : {},
      )
    }
    // Unset when the error came before requestLog() ran.
    const requestId: string | undefined = c.get('requestId')
    logger.error('unhandled error', { error, requestId, route: c.req.routePath })
    return c.json(
      errorBody(
        'internal_error',
        `Something went wrong on our side (request ${requestId ?? 'unknown'}); please try again.`,
      ),
      500,
    )
  }
}
