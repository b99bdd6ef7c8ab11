import type { Outbox } from '../channel/outbox-types'
import type { Logger } from '../logging/logger'
import { revokeGeneration } from '../session/generation'
import { emailLockKey, KEY_PREFIXES, outboxLockKey, visitorErasedKey } from '../store/keys'
import type { Store } from '../store/types'
import type { FileStore } from '../uploads/file-store'
import { aliasesOf, kindOf, visitorKeys } from './visitor-keys'

/** What an erasure deleted, by kind (the receipt's `erased`). */
export type ErasedCounts = {
  messages: number
  files: number
  emails: number
  ratings: number
  consents: number
  /** Credentials revoked: every device's at once (tokens are not stored one by one). */
  sessions: number
  outbox: number
  contact: number
  other: number
}

export type ErasureReceipt = { erased: ErasedCounts; at: string }

export type ErasureDeps = {
  store: Store
  files: FileStore
  outbox: Pick<Outbox, 'submit'>
  /** Erases the visitor's consent records; how many. */
  eraseConsents: (visitorId: string) => Promise<number>
  logger: Logger
  now: () => number
  /** SESSION_TTL_DAYS: how long the revocation must be remembered. */
  sessionTtlMs: number
}

/** The customer message the agents get: in English, the agents' language of work. */
export function erasureNotice(at: number): string {
  return `The visitor asked Porthole to erase their data: everything Porthole kept about this conversation was erased on ${new Date(at).toISOString()}. The conversation service keeps its own copy of this chat; delete it there if the request covers it.`
}

const zero = (): ErasedCounts => ({
  messages: 0,
  files: 0,
  emails: 0,
  ratings: 0,
  consents: 0,
  sessions: 0,
  outbox: 0,
  contact: 0,
  other: 0,
})

/**
 * Erases everything Porthole keeps about a visitor, on every instance: the credentials
 * first (every device's, and every open stream ends), then the files, the records and
 * the log of the visitor and of every id merged into it, the consents; then the agents
 * are told, as a customer message. Returns the receipt; `by` is logged with the counts,
 * never with what was erased.
 *
 * @example const receipt = await eraseVisitor(deps, visitorId, 'visitor')
 */
export async function eraseVisitor(
  deps: ErasureDeps,
  visitorId: string,
  by: string,
): Promise<ErasureReceipt> {
  const { store } = deps
  const at = deps.now()
  const counts = zero()
  const ids = [visitorId, ...(await aliasesOf(store, visitorId))]
  for (const id of ids) {
    await revokeGeneration(store, id, at, deps.sessionTtlMs)
    // Streams already open (on any instance) end, with what they buffer.
    await store.publish(id, { event: 'revoked', data: { at } })
  }
  counts.sessions = 1
  const held: string[] = []
  try {
    for (const id of ids) {
      for (const file of await deps.files.list(id)) {
        await deps.files.delete(file.id)
        counts.files += 1
      }
      const keys = await visitorKeys(store, id)
      held.push(...(await holdAttempts(deps, keys.records)))
      for (const key of keys.records)
        if ((await store.listRecords(key)).includes(key)) counts[kindOf(key)] += 1
      counts.consents += await deps.eraseConsents(id)
      // Last: the sqlite: store empties its write-ahead log here, after every deletion.
      counts.messages += await store.eraseVisitor(id, keys)
    }
  } catch (error) {
    // The credential is revoked already, so the visitor cannot ask again: the operator
    // can, and finds the claims free (the outbox and the mailer too, meanwhile).
    await Promise.allSettled(held.map((lock) => store.release(lock)))
    deps.logger.error(
      'visitor erasure stopped part way: finish it with DELETE /admin/api/visitors/<id>',
      { visitorId, by, error },
    )
    throw error
  }
  // Only once it is whole: until then the admin API still finds the visitor, to finish it.
  await store.setRecord(visitorErasedKey(visitorId), { at })
  await tellAgents(deps, visitorId, at)
  deps.logger.info('visitor data erased', { visitorId, by, erased: counts })
  return { erased: counts, at: new Date(at).toISOString() }
}

/** Longest wait for an attempt under way: an A2 request's timeout or an e-mail's claim, and a margin. */
const ATTEMPT_WAIT_MS = 30_000
const ATTEMPT_POLL_MS = 100

/**
 * Takes the claim of each outbox item and e-mail of the visitor, waiting for an attempt
 * under way (on any instance) to finish, so none saves its item again after the
 * erasure; later attempts find the claim taken, then nothing. The claims name the
 * visitor, so the erasure deletes them. Returns the claims taken.
 */
async function holdAttempts(deps: ErasureDeps, records: readonly string[]): Promise<string[]> {
  const held: string[] = []
  for (const key of records) {
    const lock = key.startsWith(KEY_PREFIXES.outboxItem)
      ? outboxLockKey(key)
      : key.startsWith(KEY_PREFIXES.emailItem)
        ? emailLockKey(key)
        : undefined
    if (lock === undefined) continue
    const deadline = performance.now() + ATTEMPT_WAIT_MS
    for (;;) {
      if (await deps.store.claim(lock, ATTEMPT_WAIT_MS)) {
        held.push(lock)
        break
      }
      if (performance.now() >= deadline) {
        deps.logger.warn('erasure: an attempt kept its claim; erasing anyway', { key: lock })
        break
      }
      await new Promise((resolve) => setTimeout(resolve, ATTEMPT_POLL_MS))
    }
  }
  return held
}

async function tellAgents(deps: ErasureDeps, visitorId: string, at: number): Promise<void> {
  try {
    const result = await deps.outbox.submit({
      visitorId,
      clientId: `erased-${at.toString(36)}`,
      sender: { id: visitorId },
      texts: [erasureNotice(at)],
    })
    if (result.state !== 'sent')
      deps.logger.warn('erasure: the agents’ notice is not yet accepted by the chat service', {
        state: result.state,
      })
  } catch (error) {
    // The erasure is done: the notice is retried by the outbox when it was stored.
    deps.logger.warn('erasure: the agents’ notice could not be stored', { error })
  }
}
