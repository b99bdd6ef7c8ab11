import { PortholeError } from '../errors'

export const SESSION_ERROR_CODES = [
  'unauthorized',
  'invalid_token',
  'token_in_url',
  'session_expired',
  'session_revoked',
  'invalid_ticket',
  'ticket_expired',
  'ticket_used',
] as const
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number]

/** A credential that opens nothing; the message says what to do. Answered as 401. */
export class SessionError extends PortholeError<SessionErrorCode> {
  override name = 'SessionError' as const
}

export function isSessionError(error: unknown): error is SessionError {
  return error instanceof SessionError
}
