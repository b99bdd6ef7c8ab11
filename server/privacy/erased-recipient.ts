import { z } from 'zod'
import { visitorErasedKey } from '../store/keys'
import type { ConversationLog, Records } from '../store/types'

/** The client id of the notice an erasure sends the agents (`erased-<time>`, server/privacy/visitor-erasure.ts). */
export const ERASURE_NOTICE_PREFIX = 'erased-'

const Erased = z.object({ at: z.number() })

/** How many of the newest entries are read for a visitor message written since the erasure. */
const NEWEST = 50

/**
 * True when an agent message to `visitorId` must not be stored: the visitor's data was
 * erased and they have written nothing since (the agents' reply to the erasure notice
 * would otherwise be kept under the erased id until retention). A visitor who comes
 * back and writes again gets the agents' replies as before.
 *
 * @example if (await repliesRefused(store, recipientId)) return refuse()
 */
export async function repliesRefused(
  store: Pick<Records, 'getRecord'> & Pick<ConversationLog, 'readBefore'>,
  visitorId: string,
): Promise<boolean> {
  const erased = await store.getRecord(visitorErasedKey(visitorId), Erased)
  if (erased === undefined) return false
  const newest = await store.readBefore(visitorId, undefined, NEWEST)
  return !newest.some(
    (entry) =>
      entry.author === 'visitor' &&
      entry.at >= erased.at &&
      !entry.clientId?.startsWith(ERASURE_NOTICE_PREFIX),
  )
}
