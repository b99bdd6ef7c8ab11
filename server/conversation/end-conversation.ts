import type { EndReason } from '../../shared/widget-api'
import { chatEndedDedupeKey } from '../store/keys'
import type { ConversationLog } from '../store/types'

/** What browsers that do not know `ended` show instead of the separator. */
export const ENDED_TEXT = 'This conversation has ended'

/**
 * Appends the entry that ends the visitor's conversation, unless it has already ended
 * or has nothing in it. Once per conversation on every instance: the dedupe key is the
 * conversation's last entry, so CHAT_CLOSED and the idle timeout never both end it.
 * `at` defaults to now. Resolves to whether an entry was written.
 *
 * @example await endConversation(store, visitorId, 'closed', { now: Date.now() })
 */
export async function endConversation(
  store: ConversationLog,
  visitorId: string,
  reason: EndReason,
  options: { now: number; at?: number },
): Promise<boolean> {
  const [last] = await store.readBefore(visitorId, undefined, 1)
  if (!last || last.ended) return false
  const { duplicate } = await store.append(
    visitorId,
    {
      author: 'system',
      content: { type: 'text', text: ENDED_TEXT },
      ended: reason,
      // Never before the entry it follows (the widget orders by time).
      at: Math.max(options.at ?? options.now, last.at),
    },
    { dedupeKey: chatEndedDedupeKey(visitorId, last.id) },
  )
  return !duplicate
}

/**
 * Ends the conversation when its last entry is `idleMs` old (the site owner's
 * `chatIdleMinutes`), dated when it became idle. Called before a customer message is
 * taken, when a stream opens, and by the sweep of open streams.
 */
export async function endIfIdle(
  store: ConversationLog,
  visitorId: string,
  options: { idleMs: number | undefined; now: number },
): Promise<boolean> {
  const { idleMs, now } = options
  if (idleMs === undefined) return false
  const [last] = await store.readBefore(visitorId, undefined, 1)
  if (!last || last.ended || now - last.at < idleMs) return false
  return endConversation(store, visitorId, 'idle', { now, at: last.at + idleMs })
}

/** The idle timeout in force, in milliseconds (undefined: conversations never time out). */
export function idleMsOf(settings: { chatIdleMinutes?: number | undefined }): number | undefined {
  return settings.chatIdleMinutes === undefined ? undefined : settings.chatIdleMinutes * 60_000
}
