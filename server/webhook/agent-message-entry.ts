import {
  type AgentMessage,
  FILE_MEDIA_TYPES,
  FileMediaMessage,
  LocationMessage,
  TextMessage,
} from '../../shared/protocol/chat-channel'
import type { EntryContent } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { NewEntry } from '../store/types'

// The readers accept unknown fields (the service may add some); what is stored and
// sent to browsers is the fields of spec 2.4 for the message's type, nothing more:
// the keys of the readers' own shapes. The values were validated by the reader, so
// they are copied, not parsed a second time.
const fieldsOf = (schema: { shape: object }): ReadonlySet<string> =>
  new Set(Object.keys(schema.shape))
const FILE_FIELDS = fieldsOf(FileMediaMessage)
const KNOWN_FIELDS: Record<EntryContent['type'], ReadonlySet<string>> = {
  text: fieldsOf(TextMessage),
  location: fieldsOf(LocationMessage),
  ...(Object.fromEntries(FILE_MEDIA_TYPES.map((type) => [type, FILE_FIELDS])) as Record<
    (typeof FILE_MEDIA_TYPES)[number],
    ReadonlySet<string>
  >),
}

/** `content` (as its reader parsed it) with the known fields of its type only, and the names of the others. */
export function knownContent(content: EntryContent): {
  content: EntryContent
  dropped: string[]
} {
  const fields = KNOWN_FIELDS[content.type]
  const known: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [key, value] of Object.entries(content)) {
    if (fields.has(key)) known[key] = value
    else dropped.push(key)
  }
  // The same object with fewer keys: every field left is one the reader checked.
  return { content: known as EntryContent, dropped }
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
