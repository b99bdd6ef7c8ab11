/** A failed backend call: an HTTP error with the backend's error body, or no answer at all. */
export class ApiError extends Error {
  override name = 'ApiError' as const
  constructor(
    /** The backend's error code, or "network" when the backend could not be reached. */
    readonly code: string,
    message: string,
    /** HTTP status; 0 for a network failure. */
    readonly status: number,
    /** Seconds to wait before retrying (429 Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** True for failures worth retrying as they are: no answer, a 5xx, or a rate limit. */
export function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500
}

/** A 2xx answer whose body does not match the route's schema. */
export function unreadable(route: string): ApiError {
  return new ApiError('bad_response', `${route} returned an unreadable body`, 200)
}
