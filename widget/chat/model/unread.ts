import type { ConversationEntry } from '../../../shared/widget-api'
import { compareEntryIds } from '../../protocol/entry-id'
import type { Conversation } from './conversation'

/**
 * Replies the customer has not seen: agent, bot and system entries after the read
 * marker and after the customer's own latest message (writing one means reading all above).
 * The end of a conversation and who joined it are no replies: they never count as unread.
 */
export function unreadReplies(state: Conversation): ConversationEntry[] {
  const unread: ConversationEntry[] = []
  for (let index = state.entries.length - 1; index >= 0; index--) {
    const entry = state.entries[index] as ConversationEntry
    if (entry.author === 'visitor') break
    if (state.readUpTo !== undefined && compareEntryIds(entry.id, state.readUpTo) <= 0) break
    if (!entry.ended && !entry.joined) unread.unshift(entry)
  }
  return unread
}

/**
 * Replies that `next` added, newer than all shown before, that the customer has not
 * seen: they notify (not history, nor a merged log's copies of what was shown).
 */
export function newReplies(previous: Conversation, next: Conversation): ConversationEntry[] {
  const newest = previous.entries.at(-1)?.at ?? 0
  return unreadReplies(next).filter(
    (entry) => entry.at >= newest && !previous.entries.includes(entry),
  )
}
