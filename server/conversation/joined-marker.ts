import type { JoinedAgent } from '../../shared/protocol/bot'
import type { JoinedKind } from '../../shared/widget-api'
import { chatJoinedDedupeKey } from '../store/keys'
import type { ConversationLog } from '../store/types'

/** What browsers that do not know `joined` show instead (the widget draws its own line). */
export const JOINED_TEXT: Record<JoinedKind, string> = {
  bot: 'The bot is answering',
  agent: 'An agent joined the conversation',
}

/**
 * Appends the `system` entry that says who took the visitor's service chat `chatId`:
 * Porthole's bot (its first CLIENT_MESSAGE) or an agent (AGENT_JOINED). Once per chat and
 * kind on every instance (a repeated event writes nothing), never into an empty log (there
 * is no conversation to join). The agent's name and photo, when the service sent them,
 * go on the entry. The widget derives "Anna joined the conversation" from it
 * (widget/chat/answering/). Resolves to whether an entry was written.
 *
 * @example await markJoined(store, visitorId, event.chat_id, 'agent', Date.now())
 */
export async function markJoined(
  store: ConversationLog,
  visitorId: string,
  chatId: string,
  kind: JoinedKind,
  now: number,
  agent?: JoinedAgent,
): Promise<boolean> {
  const [last] = await store.readBefore(visitorId, undefined, 1)
  if (!last) return false
  const { duplicate } = await store.append(
    visitorId,
    {
      author: 'system',
      content: {
        type: 'text',
        text: agent?.name ? `${agent.name} joined the conversation` : JOINED_TEXT[kind],
      },
      joined: kind,
      ...(agent?.name ? { name: agent.name } : {}),
      ...(agent?.name && agent.photo ? { photo: agent.photo } : {}),
      // Never before the entry it follows (the widget orders by time).
      at: Math.max(now, last.at),
    },
    { dedupeKey: chatJoinedDedupeKey(visitorId, chatId, kind) },
  )
  return !duplicate
}
