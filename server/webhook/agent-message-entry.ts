import type { AgentMessage } from '../../shared/protocol/chat-channel'
import type { EntryContent } from '../../shared/widget-api'
import type { NewEntry } from '../store/types'

/** The conversation entry of an agent's text or media message (not typing). */
export function agentMessageEntry(
  message: AgentMessage,
  content: EntryContent,
  at: number,
): NewEntry {
  const entry: NewEntry = { author: 'agent', content, at }
  if (message.sender?.name) entry.name = message.sender.name
  if (message.sender?.photo) entry.photo = message.sender.photo
  return entry
}
