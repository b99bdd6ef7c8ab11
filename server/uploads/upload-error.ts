import { PortholeError } from '../errors'

export const UPLOAD_ERROR_CODES = [
  'payload_too_large',
  'unsupported_type',
  'type_mismatch',
  'invalid_file_name',
  'empty_file',
  'image_too_large',
  'invalid_image',
  'upload_quota_exceeded',
  'insufficient_storage',
  'image_too_complex',
  'images_busy',
  'upload_cancelled',
] as const
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number]

/** Why an upload is refused; the message says what to do and is shown to the customer. */
export class UploadError extends PortholeError<UploadErrorCode> {
  override readonly name = 'UploadError' as const
  /** Seconds until trying again can succeed (a quota's window), sent as Retry-After. */
  readonly retryAfter: number | undefined

  constructor(code: UploadErrorCode, message: string, options?: { retryAfter?: number }) {
    super(code, message)
    this.retryAfter = options?.retryAfter
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError
}

/** The HTTP status of each refusal. */
export function statusOfUploadError(code: UploadErrorCode): 400 | 413 | 415 | 422 | 429 | 507 {
  switch (code) {
    case 'upload_quota_exceeded':
    case 'images_busy':
      return 429
    case 'insufficient_storage':
      return 507
    case 'payload_too_large':
      return 413
    case 'unsupported_type':
    case 'type_mismatch':
      return 415
    case 'image_too_large':
    case 'image_too_complex':
    case 'invalid_image':
      return 422
    case 'invalid_file_name':
    case 'empty_file':
    // Nobody reads it: the client is gone.
    case 'upload_cancelled':
      return 400
  }
}
