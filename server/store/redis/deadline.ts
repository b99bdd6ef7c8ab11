import { StoreError } from '../errors'

/** A Redis operation that got no reply in time (REDIS_TIMEOUT_MS). */
export class CommandTimeoutError extends Error {
  override name = 'CommandTimeoutError' as const
}

/**
 * `work`, or a CommandTimeoutError after `ms`. node-redis's `commandOptions.timeout`
 * bounds only the wait to be written, not the wait for the reply: a frozen Redis keeps
 * its socket open and a written command waits as long as the freeze lasts. What `work`
 * settles with later is dropped (its reply still arrives in order on the connection).
 *
 * @example await withDeadline(client.ping(), 3000)
 */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandTimeoutError(`no reply within ${ms} ms`)), ms)
  })
  work.catch(() => {})
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** Waits for `promise` (a subscription starting) up to `ms`; past it a StoreError naming `what`. */
export async function startedWithin(
  promise: Promise<void> | undefined,
  ms: number,
  what: string,
): Promise<void> {
  if (!promise) return
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreError(`${what} did not start within ${ms} ms`)), ms)
  })
  try {
    await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
