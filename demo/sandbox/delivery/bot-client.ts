import type { ServiceToProviderEvent } from '../../../shared/protocol'
import { type AttemptOutcome, type AttemptsResult, runAttempts } from './attempts'

export type BotCallOptions = {
  fetch: typeof fetch
  /** {bot_endpoint}/{token} */
  url: string
  event: ServiceToProviderEvent
  timeoutMs: number
  retries: number
  onAttempt: (attempt: number, outcome: AttemptOutcome) => void
}

async function postOnce(options: BotCallOptions): Promise<AttemptOutcome> {
  try {
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(options.event),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    // Providers answer 200 with an empty body, "OK" or JSON alike: any 2xx is success.
    await response.arrayBuffer().catch(() => undefined)
    if (response.ok) return { ok: true, status: response.status }
    return {
      ok: false,
      status: response.status,
      error: `the provider answered HTTP ${response.status}`,
    }
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    if (timedOut) return { ok: false, error: `no answer within ${options.timeoutMs} ms` }
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return { ok: false, error: `${error instanceof Error ? error.message : String(error)}${cause}` }
  }
}

/** Sends one B2 event: a request with its timeout, then `retries` more until a 2xx. */
export function callBot(options: BotCallOptions): Promise<AttemptsResult> {
  return runAttempts({
    attempts: options.retries + 1,
    intervalMs: 0,
    run: () => postOnce(options),
    onAttempt: options.onAttempt,
  })
}
