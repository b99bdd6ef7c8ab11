import type { ConversationEntry } from '../../../shared/widget-api'
import { compareEntryIds } from '../../protocol/entry-id'
import type { Conversation } from './conversation'

/** AGENT_JOINED with the agent's name (the backend's `joined: 'agent'` entry naming her). */
const isNamedJoin = (entry: ConversationEntry) =>
  entry.joined === 'agent' && entry.name !== undefined

/**
 * The entries with which an agent joins the conversation, among the `fresh` replies: the
 * join the service named her in, else her first message (by name), since the conversation
 * began or since the last one ended. The chat channel has no join event and AGENT_JOINED
 * reaches only a bot (its name is optional), and a bot provider writes as an agent too:
 * the name tells them apart (Porthole's `agentJoined` carries it).
 */
export function agentsJoining(
  previous: readonly ConversationEntry[],
  fresh: readonly ConversationEntry[],
): ConversationEntry[] {
  let seen = new Set<string | undefined>()
  const joining: ConversationEntry[] = []
  for (const entry of [...previous, ...fresh]) {
    if (entry.ended !== undefined) seen = new Set()
    else if ((entry.author === 'agent' || isNamedJoin(entry)) && !seen.has(entry.name)) {
      seen.add(entry.name)
      if (fresh.includes(entry)) joining.push(entry)
    }
  }
  return joining
}

/**
 * Who joins with what `next` added: agentsJoining over the `fresh` replies and the named
 * joins that arrived with them (a join is no reply, so `fresh` leaves it out), newer than
 * all shown before and not read yet anywhere (history pages and other tabs' news are not).
 */
export function joinsArriving(
  previous: Conversation,
  next: Conversation,
  fresh: readonly ConversationEntry[],
): ConversationEntry[] {
  const newest = previous.entries.at(-1)?.at ?? 0
  const read = (entry: ConversationEntry) =>
    next.readUpTo !== undefined && compareEntryIds(entry.id, next.readUpTo) <= 0
  const arrived = next.entries.filter(
    (entry) =>
      fresh.includes(entry) ||
      (isNamedJoin(entry) &&
        entry.at >= newest &&
        !previous.entries.includes(entry) &&
        !read(entry)),
  )
  return agentsJoining(previous.entries, arrived)
}
