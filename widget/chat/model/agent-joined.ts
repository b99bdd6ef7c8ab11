import type { ConversationEntry } from '../../../shared/widget-api'

/**
 * The replies with which an agent joins the conversation: each agent's first message
 * (by name) since it began or since the last one ended, among the `fresh` replies. The
 * protocol has no join event, and a bot provider writes as an agent too: its name tells
 * them apart (Porthole's `agentJoined` carries it).
 */
export function agentsJoining(
  previous: readonly ConversationEntry[],
  fresh: readonly ConversationEntry[],
): ConversationEntry[] {
  let seen = new Set<string | undefined>()
  const joining: ConversationEntry[] = []
  for (const entry of [...previous, ...fresh]) {
    if (entry.ended !== undefined) seen = new Set()
    else if (entry.author === 'agent' && !seen.has(entry.name)) {
      seen.add(entry.name)
      if (fresh.includes(entry)) joining.push(entry)
    }
  }
  return joining
}
