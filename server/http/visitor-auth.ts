import type { Context } from 'hono'
import type { HTTPException } from 'hono/http-exception'
import type { SessionError } from '../session/session-error'
import { apiError } from './api-error'

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization')
  if (!header?.startsWith('Bearer ')) return undefined
  return header.slice('Bearer '.length).trim() || undefined
}

/** 401 with the RFC 6750 challenge; `error="invalid_token"` when a credential was sent. */
export function unauthorized(
  code: string,
  message: string,
  credentialSent: boolean,
): HTTPException {
  const challenge = credentialSent
    ? 'Bearer realm="porthole", error="invalid_token"'
    : 'Bearer realm="porthole"'
  return apiError(401, code, message, { 'www-authenticate': challenge })
}

export function sessionRefusal(error: SessionError): HTTPException {
  return unauthorized(error.code, error.message, true)
}

export function noCredential(): HTTPException {
  return unauthorized(
    'unauthorized',
    'A visitor token is required: call POST /api/session first and send the token as "Authorization: Bearer <token>".',
    false,
  )
}

export function tokenInUrl(): HTTPException {
  return unauthorized(
    'token_in_url',
    'Visitor tokens are not accepted in URLs (they end up in access logs): send "Authorization: Bearer <token>", or for EventSource get a 60-second ticket with POST /api/events/ticket and open GET /api/events?ticket=<ticket>.',
    true,
  )
}
