import type { ConversationEntry } from '../../shared/widget-api'
import type { ConversationLog } from '../store/types'

/** At most this many entries make one transcript (a page of the log at a time). */
const PAGE = 200
export const MAX_TRANSCRIPT_ENTRIES = 2000

/**
 * What `id` is in the visitor's log: `ended` (the entry that ended a conversation),
 * `open` (an entry, but not an end), or `unknown` (not an entry of theirs).
 */
export async function endedEntryOf(
  store: ConversationLog,
  visitorId: string,
  id: string,
): Promise<{ kind: 'ended'; entry: ConversationEntry } | { kind: 'open' | 'unknown' }> {
  if (!store.isValidId(id)) return { kind: 'unknown' }
  const [previous] = await store.readBefore(visitorId, id, 1)
  const [found] = await store.readAfter(visitorId, previous?.id, 1)
  if (found?.id !== id) return { kind: 'unknown' }
  return found.ended ? { kind: 'ended', entry: found } : { kind: 'open' }
}

/**
 * The messages of the conversation that `endedId` ended, oldest first: every entry after
 * the previous end, system notes left out (at most MAX_TRANSCRIPT_ENTRIES, the newest).
 */
export async function conversationBefore(
  store: ConversationLog,
  visitorId: string,
  endedId: string,
): Promise<ConversationEntry[]> {
  const found: ConversationEntry[] = []
  let before = endedId
  while (found.length < MAX_TRANSCRIPT_ENTRIES) {
    const page = await store.readBefore(visitorId, before, PAGE)
    let reachedEnd = false
    for (let i = page.length - 1; i >= 0; i--) {
      const entry = page[i]
      if (!entry) continue
      if (entry.ended) {
        reachedEnd = true
        break
      }
      if (entry.author !== 'system') found.unshift(entry)
    }
    const first = page[0]
    if (reachedEnd || !first || page.length < PAGE) break
    before = first.id
  }
  return found.slice(-MAX_TRANSCRIPT_ENTRIES)
}
