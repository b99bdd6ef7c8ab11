import type { Conversation } from '../model/empty-conversation'

/**
 * Whether the window shows the home screen below the header, not the conversation: while
 * there is nothing to read (no entries, nothing waiting to go out), or the last conversation
 * ended before this open. `shown`: the id of an ended conversation's last entry whose log
 * the visitor asked for (a tap on it) or watched end in this open: it stays on screen.
 */
export function showsHome(
  conversation: Pick<Conversation, 'entries' | 'outbox'>,
  starting: boolean | undefined,
  shown: string | undefined,
): boolean {
  const last = conversation.entries.at(-1)
  if (starting || conversation.outbox.length > 0) return false
  return !last || (last.ended !== undefined && last.id !== shown)
}
