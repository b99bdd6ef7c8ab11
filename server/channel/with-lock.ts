import type { Claims } from '../store/types'

/** A held claim: renew it before each long step; once lost, stop working. */
export type Lease = {
  /** Extends the claim by its ttl from now; false when it had expired (another holder may work now). */
  renew(): Promise<boolean>
  readonly lost: boolean
}

export type LockResult<T> = { held: true; value: T } | { held: false }

/**
 * Runs `fn` while holding the store claim `key` (across every instance sharing the
 * store), then releases it. A short `ttlMs` lets a crashed holder's claim lapse soon;
 * `fn` renews it through the lease for long work. `{held: false}` when another holder
 * has it. A lost claim is not released: it may be someone else's by then.
 *
 * @example await withLock(store, 'lock:outbox:v1:m1', 15_000, async (lease) => send())
 */
export async function withLock<T>(
  store: Claims,
  key: string,
  ttlMs: number,
  fn: (lease: Lease) => Promise<T>,
): Promise<LockResult<T>> {
  if (!(await store.claim(key, ttlMs))) return { held: false }
  let lost = false
  const lease: Lease = {
    async renew() {
      if (lost) return false
      lost = !(await store.extendClaim(key, ttlMs))
      return !lost
    },
    get lost() {
      return lost
    },
  }
  try {
    return { held: true, value: await fn(lease) }
  } finally {
    // A failed release is not the work's failure: the short ttl frees the claim soon.
    if (!lost) await store.release(key).catch(() => undefined)
  }
}
