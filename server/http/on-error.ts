import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { errorBody } from '../../shared/protocol/errors'
import type { Logger } from '../logging/logger'

/** The app's one error handler: HTTPException → its response; anything else → logged 500. */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return function onError(error, c) {
    if (error instanceof HTTPException) {
      const res = error.getResponse()
      // Hono's own exceptions (e.g. a malformed JSON body) carry plain text: give them our body.
      if (res.headers.get('content-type')?.startsWith('application/json')) return res
      const code = error.status === 400 ? 'invalid_request' : 'error'
      return c.json(
        errorBody(code, error.message || res.statusText || 'request failed'),
        error.status,
      )
    }
    const requestId = c.get('requestId' as never) as string | undefined
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
