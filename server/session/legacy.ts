import { z } from 'zod'
import { LEGACY_SINCE_KEY, userMigratedKey } from '../store/keys'
import type { Records } from '../store/types'
import { type MergeStore, mergeConversation } from './merge-conversation'
import { couldBeGuestId } from './visitor-id'

// Tokens of the first format carry no issue time. They count as issued when this
// version first served a visitor (a record every instance shares), so they keep
// working for one session lifetime after the upgrade, and POST /api/session swaps
// one for a current token that slides from then on.
const LegacySince = z.object({ at: z.number() })

/** The stand-in issue time of first-format tokens; one read per process. */
export function createLegacyClock(store: Records, now: () => number): () => Promise<number> {
  let since: Promise<number> | undefined
  async function load(): Promise<number> {
    const since = await store.getRecord(LEGACY_SINCE_KEY, LegacySince)
    if (since) return since.at
    const at = now()
    await store.setRecord(LEGACY_SINCE_KEY, { at })
    return at
  }
  return () => {
    since ??= load().catch((error: unknown) => {
      since = undefined
      throw error
    })
    return since
  }
}

// Before the id spaces were split a verified user's conversation was kept under the
// site's raw user id; it is now `user:<id>`. The first time such a user is seen (a
// first-format user token, or identify()), the old conversation is merged into the
// new id once, and an alias sends later agent replies to the old id there. An old id
// of a guest's shape is never touched: it may hold a guest's conversation.
const Migrated = z.object({ at: z.number() })

/** Moves a verified user's conversation from their raw id to `userId`; once, never a guest's. */
export async function migrateLegacyUser(
  store: MergeStore,
  options: { rawId: string; userId: string; keepMs: number; now: number },
): Promise<void> {
  const { rawId, userId, keepMs, now } = options
  if (couldBeGuestId(rawId)) return
  if ((await store.getRecord(userMigratedKey(rawId), Migrated)) !== undefined) return
  await mergeConversation(store, { fromId: rawId, intoId: userId, keepMs })
  await store.setRecord(userMigratedKey(rawId), { at: now }, keepMs)
}
