import type { Conversation } from '../model/empty-conversation'
import type { ChatWindowState } from '../window/chat-window-state'

/**
 * Whether the window shows the home screen below the header, not the conversation: while
 * there is nothing to read (no entries, nothing waiting to go out, and for a returning
 * visitor nothing the replay may still bring), or the last conversation ended before
 * this open. An agent typing to the visitor: the conversation. `shown`: the id of an ended conversation's last entry whose log
 * the visitor asked for (a tap on it) or watched end in this open: it stays on screen.
 */
export function showsHome(
  conversation: Pick<Conversation, 'entries' | 'outbox' | 'earlier'>,
  {
    starting,
    returning,
    agentTyping,
  }: Partial<Pick<ChatWindowState, 'starting' | 'returning' | 'agentTyping'>>,
  shown: string | undefined,
): boolean {
  const last = conversation.entries.at(-1)
  if (starting || agentTyping || conversation.outbox.length > 0) return false
  return last
    ? last.ended !== undefined && last.id !== shown
    : !returning || conversation.earlier === false
}
