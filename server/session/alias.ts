import { z } from 'zod'
import { aliasKey } from '../store/keys'
import type { Records } from '../store/types'
import { isUserVisitorId } from './visitor-id'

// alias:<id> → the visitor whose conversation the id's now belongs to: a guest merged
// into a user by identify(), or a user's raw id from before the id spaces were split.
// The service keeps addressing agent replies (A3 recipient.id) to the id it knows the
// chat by; the alias makes them land in the right log. `after` is the last entry of
// the old log already copied, so a repeated merge reads only what came later.
export const Alias = z.object({ visitorId: z.string().min(1), after: z.string().optional() })
export type Alias = z.infer<typeof Alias>

export async function readAlias(store: Records, fromId: string): Promise<Alias | undefined> {
  return store.getRecord(aliasKey(fromId), Alias)
}

export async function writeAlias(
  store: Records,
  fromId: string,
  alias: Alias,
  ttlMs: number,
): Promise<void> {
  await store.setRecord(aliasKey(fromId), alias, ttlMs)
}

/**
 * The visitor whose log an agent message to `recipientId` belongs in: the merged-into
 * user when an alias exists, else `recipientId` itself. User ids are never aliased,
 * so they cost no read.
 */
export async function resolveRecipient(store: Records, recipientId: string): Promise<string> {
  if (isUserVisitorId(recipientId)) return recipientId
  return (await readAlias(store, recipientId))?.visitorId ?? recipientId
}
