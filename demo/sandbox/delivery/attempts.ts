/** The outcome of one attempt: ok, or why not. */
export type AttemptOutcome = (
  | { ok: true; status?: number }
  | { ok: false; status?: number; error: string }
) & {
  /** The answer's body, for the traffic log. */
  response?: string
}

export type AttemptsOptions = {
  attempts: number
  /** Pause between the end of one attempt and the start of the next. */
  intervalMs: number
  run: (attempt: number) => Promise<AttemptOutcome>
  /** Called after every attempt, for the delivery log. */
  onAttempt?: (attempt: number, outcome: AttemptOutcome) => void
}

export type AttemptsResult =
  | { ok: true; attempts: number }
  | { ok: false; attempts: number; error: string }

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Runs up to `attempts` attempts `intervalMs` apart until one succeeds: the spec's A3
 * schedule (3 attempts, 3 s apart, until a valid positive response).
 */
export async function runAttempts(options: AttemptsOptions): Promise<AttemptsResult> {
  let lastError = 'no attempt was made'
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    if (attempt > 1 && options.intervalMs > 0) await sleep(options.intervalMs)
    let outcome: AttemptOutcome
    try {
      outcome = await options.run(attempt)
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) }
    }
    options.onAttempt?.(attempt, outcome)
    if (outcome.ok) return { ok: true, attempts: attempt }
    lastError = outcome.error
  }
  return { ok: false, attempts: options.attempts, error: lastError }
}
