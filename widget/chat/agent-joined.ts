import type { ConversationEntry } from '../../shared/widget-api'

/**
 * The reply with which an agent joins the conversation: the first agent message since it
 * began (or since the last one ended), if it is among the `fresh` replies. The protocol
 * has no join event: the first message is how the widget learns it (Porthole's
 * `agentJoined`).
 */
export function agentJoining(
  previous: readonly ConversationEntry[],
  fresh: readonly ConversationEntry[],
): ConversationEntry | undefined {
  let joined = false
  for (const entry of [...previous, ...fresh]) {
    if (entry.ended !== undefined) joined = false
    else if (entry.author === 'agent') {
      if (!joined && fresh.includes(entry)) return entry
      joined = true
    }
  }
  return undefined
}
