import { PortholeError } from '../../server/errors'

/** The demo could not start; the message says what to do. */
export class DemoStartError extends PortholeError<'demo_start_failed'> {
  override name = 'DemoStartError' as const

  constructor(message: string, options?: ErrorOptions) {
    super('demo_start_failed', message, options)
  }
}

export function isDemoStartError(error: unknown): error is DemoStartError {
  return error instanceof DemoStartError
}

/** Turns "address in use" into advice; other errors pass through. */
export function explainListenError(
  error: unknown,
  what: string,
  port: number,
  variable: string,
): unknown {
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined
  if (code === 'EADDRINUSE') {
    return new DemoStartError(
      `Port ${port} is already in use, so the ${what} cannot start: stop the program using it (a demo already running?) or choose another port, e.g. ${variable}=${port + 10} npm start`,
    )
  }
  if (code === 'EACCES') {
    return new DemoStartError(
      `The ${what} may not listen on port ${port}: choose a port above 1023 with ${variable}`,
    )
  }
  return error
}
