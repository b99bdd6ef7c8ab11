import type { Context } from 'hono'
import type { HTTPException } from 'hono/http-exception'
import type { SessionError } from '../session/session-error'
import { readToken, type Visitor } from '../session/token'
import { apiError } from './api-error'
import type { AppEnv } from './app-env'

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

/**
 * The visitor of this request, as the visitorAuth() middleware verified it (token
 * age and revocation included). Without that middleware in front, it only checks
 * the Bearer token's signature: mount the route behind visitorAuth().
 */
export function requireVisitor(c: Context<AppEnv>, sessionSecret: string): Visitor {
  const verified = c.get('visitor')
  if (verified) return verified
  if (c.req.query('token') !== undefined) throw tokenInUrl()
  const token = bearerToken(c)
  if (!token) throw noCredential()
  const claims = readToken(sessionSecret, token)
  if (!claims)
    throw unauthorized(
      'invalid_token',
      'The visitor token is not valid: start a new session with POST /api/session.',
      true,
    )
  return claims.visitor
}
