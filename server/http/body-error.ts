import { PortholeError } from '../errors'

/** Why a request body could not be read: each maps to one answer (413 or 400). */
export const BODY_ERROR_CODES = [
  'payload_too_large',
  'empty_body',
  'invalid_utf8',
  'invalid_json',
] as const
export type BodyErrorCode = (typeof BODY_ERROR_CODES)[number]

/** A request body that is too large, empty, not UTF-8 or not JSON. The message says what to send. */
export class BodyError extends PortholeError<BodyErrorCode> {
  override name = 'BodyError' as const
  /** 413 for a body over the limit, 400 for the rest. */
  readonly status: 400 | 413

  constructor(code: BodyErrorCode, message: string) {
    super(code, message)
    this.status = code === 'payload_too_large' ? 413 : 400
  }
}

export function isBodyError(error: unknown): error is BodyError {
  return error instanceof BodyError
}
