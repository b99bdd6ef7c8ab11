import type { Context } from 'hono'
import { type Visitor, verifyToken } from '../session/token'
import { apiError } from './api-error'

/**
 * The visitor named by the request's token: `Authorization: Bearer <token>`, or the
 * `token` query parameter where headers cannot be set (EventSource). 401 otherwise.
 */
export function requireVisitor(c: Context, sessionSecret: string): Visitor {
  const header = c.req.header('authorization')
  const token = header?.startsWith('Bearer ')
    ? header.slice('Bearer '.length).trim()
    : c.req.query('token')
  if (!token) {
    throw apiError(
      401,
      'unauthorized',
      'A visitor token is required: call POST /api/session first and send the token as "Authorization: Bearer <token>".',
    )
  }
  const visitor = verifyToken(sessionSecret, token)
  if (!visitor)
    throw apiError(
      401,
      'invalid_token',
      'The visitor token is not valid: start a new session with POST /api/session.',
    )
  return visitor
}
