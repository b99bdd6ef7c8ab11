import type { Claims } from './types'

/** A claim the work runs under: renew it before each long step; once lost, stop working. */
export type Lease = {
  /** False only when the policy let the work run without the claim (`onTimeout: 'proceed'`). */
  readonly held: boolean
  /** Extends the claim by its ttl from now; false when it had expired (another holder may work now). */
  renew(): Promise<boolean>
  readonly lost: boolean
}

/** How long to keep trying for a claim another holder has, and how often. */
export type ClaimWait = { forMs: number; everyMs: number }

/**
 * What happens when the claim is still taken after the wait:
 * - `'skip'`: the work does not run; the answer is `{ held: false }`.
 * - `'proceed'`: the work runs anyway, without the claim (`lease.held` is false): for work
 *   where a late or doubled step beats a lost one, and a dead holder's claim lapses soon.
 * - a function: its error is thrown (the caller's "busy, try again").
 */
export type OnTimeout = 'skip' | 'proceed' | (() => Error)

export type ClaimPolicy<O extends OnTimeout = OnTimeout> = {
  /** The claim's lifetime in ms: a holder that dies frees it after this long. */
  ttl: number
  /** Keep trying this long; omitted: one attempt. */
  wait?: ClaimWait
  onTimeout: O
}

export type Claimed<T> = { held: true; value: T } | { held: false }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `fn` while holding the store claim `key` (across every instance sharing the
 * store), then releases it. The policy says how long the claim lives (`ttl`), how long
 * to wait for another holder (`wait`) and what to do when it is still taken
 * (`onTimeout`); each caller states all three. A lost claim is not released: it may be
 * someone else's by then; a failed release is not the work's failure (the ttl frees it).
 *
 * @example
 * // Try once; another holder is on it: skip.
 * await withClaim(store, 'lock:outbox:v1:m1', { ttl: 15_000, onTimeout: 'skip' }, async (lease) => send())
 * // Wait up to 5 s, then tell the caller it is busy.
 * await withClaim(store, key, { ttl: 15_000, wait: { forMs: 5000, everyMs: 25 }, onTimeout: () => new BusyError() }, save)
 */
export function withClaim<T>(
  store: Claims,
  key: string,
  policy: ClaimPolicy<'skip'>,
  fn: (lease: Lease) => Promise<T>,
): Promise<Claimed<T>>
export function withClaim<T>(
  store: Claims,
  key: string,
  policy: ClaimPolicy<'proceed' | (() => Error)>,
  fn: (lease: Lease) => Promise<T>,
): Promise<T>
export async function withClaim<T>(
  store: Claims,
  key: string,
  policy: ClaimPolicy,
  fn: (lease: Lease) => Promise<T>,
): Promise<Claimed<T> | T> {
  const { ttl, onTimeout } = policy
  const held = await acquire(store, key, ttl, policy.wait)
  if (!held) {
    if (onTimeout === 'skip') return { held: false }
    if (typeof onTimeout === 'function') throw onTimeout()
  }
  let lost = false
  const lease: Lease = {
    held,
    async renew() {
      if (!held || lost) return false
      lost = !(await store.extendClaim(key, ttl))
      return !lost
    },
    get lost() {
      return lost
    },
  }
  try {
    const value = await fn(lease)
    return onTimeout === 'skip' ? { held: true, value } : value
  } finally {
    if (held && !lost) await store.release(key).catch(() => undefined)
  }
}

/** Claims `key`, trying again every `wait.everyMs` until `wait.forMs` have passed. */
async function acquire(
  store: Claims,
  key: string,
  ttl: number,
  wait: ClaimWait | undefined,
): Promise<boolean> {
  // Real elapsed time (performance.now), not a clock a test or the caller may have fixed.
  const deadline = performance.now() + (wait?.forMs ?? 0)
  while (!(await store.claim(key, ttl))) {
    if (!wait || performance.now() >= deadline) return false
    await sleep(wait.everyMs)
  }
  return true
}
