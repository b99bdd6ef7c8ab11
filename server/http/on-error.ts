import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { type ErrorBody, errorBody } from '../../shared/protocol/errors'
import type { Logger } from '../logging/logger'
import { isStoreError } from '../store/errors'
import type { AppEnv } from './app-env'

const BEARER_CHALLENGE = 'Bearer'
const STORE_RETRY_AFTER = '5'

/**
 * The app's one error handler: HTTPException → its response; a StoreError (the store
 * away or timing out) → 503 with Retry-After; anything else → logged 500.
 */
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
    const answer = errorAnswer(logger, error, c.get('requestId'), c.req.routePath)
    return c.json(answer.body, answer.status, answer.headers)
  }
}

/**
 * The answer to an error no route handled (logged here): a StoreError (the store away or
 * timing out) → 503 with Retry-After; anything else → 500 naming the request's id.
 */
export function errorAnswer(
  logger: Logger,
  error: unknown,
  requestId: string | undefined,
  route: string,
): { status: 500 | 503; body: ErrorBody; headers: Record<string, string> } {
  // The store is away or too slow (REDIS_TIMEOUT_MS): a retry soon may pass.
  if (isStoreError(error)) {
    logger.warn('store unavailable', { error, requestId, route })
    return {
      status: 503,
      body: errorBody(
        'store_unavailable',
        'The chat is briefly unavailable; retry in a few seconds.',
      ),
      headers: { 'retry-after': STORE_RETRY_AFTER },
    }
  }
  logger.error('unhandled error', { error, requestId, route })
  return {
    status: 500,
    body: errorBody(
      'internal_error',
      `Something went wrong on our side (request ${requestId ?? 'unknown'}); please try again.`,
    ),
    headers: {},
  }
}
