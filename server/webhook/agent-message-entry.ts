import { z } from 'zod'
import {
  type AgentMessage,
  FileMediaMessage,
  LocationMessage,
  TextMessage,
} from '../../shared/protocol/chat-channel'
import type { EntryContent } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { NewEntry } from '../store/types'

// The readers accept unknown fields (the service may add some); what is stored and
// sent to browsers is the fields of spec 2.4 for the message's type, nothing more.
// The same shapes as the readers', with zod's default of stripping unknown keys.
const KnownContent = z.discriminatedUnion('type', [
  z.object(TextMessage.shape),
  z.object(FileMediaMessage.shape),
  z.object(LocationMessage.shape),
])

/** `content` with the known fields of its type only, and the names of the others. */
export function knownContent(content: EntryContent): {
  content: EntryContent
  dropped: string[]
} {
  const known = KnownContent.parse(content)
  const dropped = Object.keys(content).filter((key) => !Object.hasOwn(known, key))
  return { content: known, dropped }
}

/**
 * The conversation entry of an agent's text or media message (not typing): the agent's
 * name and avatar and the known fields of the content. Unknown fields are dropped;
 * `log` hears their names (never their values) at debug.
 *
 * @example agentMessageEntry(message, content, Date.now(), c.get('log'))
 */
export function agentMessageEntry(
  message: AgentMessage,
  content: EntryContent,
  at: number,
  log?: Pick<Logger, 'debug'>,
): NewEntry {
  const kept = knownContent(content)
  if (kept.dropped.length > 0)
    log?.debug('agent message: unknown fields dropped', {
      type: content.type,
      // Names only, and not too many or too long: the body is the service's, up to 64 KB.
      fields: kept.dropped.slice(0, 20).map((name) => name.slice(0, 64)),
      count: kept.dropped.length,
    })
  const entry: NewEntry = { author: 'agent', content: kept.content, at }
  if (message.sender?.name) entry.name = message.sender.name
  if (message.sender?.photo) entry.photo = message.sender.photo
  return entry
}
