import { PortholeError } from '../../../server/errors'

export const SANDBOX_ERROR_CODES = ['invalid_request', 'not_found', 'conflict'] as const
export type SandboxErrorCode = (typeof SANDBOX_ERROR_CODES)[number]

/** A refused control-API operation; the message says what to do instead. */
export class SandboxError extends PortholeError<SandboxErrorCode> {
  override name = 'SandboxError' as const
}

export function isSandboxError(error: unknown): error is SandboxError {
  return error instanceof SandboxError
}
