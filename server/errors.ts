/**
 * The base of every error Porthole throws on purpose: a stable `code` (a string union
 * per area) for programs, a message that says what to do for people. Subclasses keep
 * their own `name` (`override name = 'StoreError' as const`), so logs and `instanceof`
 * checks say which area failed.
 *
 * @example
 * class StoreError extends PortholeError<'store_failed'> {
 *   override name = 'StoreError' as const
 * }
 * if (isPortholeError(error)) logger.warn(error.message, { code: error.code })
 */
export abstract class PortholeError<Code extends string = string> extends Error {
  abstract override readonly name: string
  readonly code: Code

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}

/** True for every error Porthole throws on purpose (it has a `code`). */
export function isPortholeError(error: unknown): error is PortholeError {
  return error instanceof PortholeError
}

/** True when `error` is a PortholeError with one of `codes`. */
export function hasErrorCode<Code extends string>(
  error: unknown,
  ...codes: readonly Code[]
): error is PortholeError<Code> {
  return isPortholeError(error) && codes.some((code) => code === error.code)
}
