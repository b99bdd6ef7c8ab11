import type { ConversationEntry } from '../../../shared/widget-api'
import type { Delivery } from './message-state'
import type { OutboxItem } from './outbox-item'

// Apart from the reducer (conversation.ts): the conversation's shape and the empty one
// the chat window starts from before the engine (engine.ts, with the reducer) is fetched.

/** What the widget knows of the conversation: pure data, changed only by `reduce`. */
export interface Conversation {
  /** Oldest first, one per id: the newest WINDOW entries plus earlier pages loaded. */
  entries: ConversationEntry[]
  /** How many entries the list keeps: WINDOW plus the earlier pages the customer loaded. */
  keep: number
  /** Whether entries before the first exist: false = none, undefined = not known yet. */
  earlier?: boolean
  /** The id of the last stream event applied: the replay point of the next connection. */
  lastEventId?: string
  /** The read marker: every entry up to this id has been seen (on any device). */
  readUpTo?: string
  /** Customer messages the backend has not accepted yet, in order. */
  outbox: OutboxItem[]
  /** The lifecycle of the customer's messages, by client id. */
  delivery: Record<string, Delivery>
  /** The invitation the customer answered, shown atop the conversation. */
  invite?: string
}

/** Entries kept on the device and shown at first: the newest of the conversation. */
export const WINDOW = 200

/** No conversation yet; `fresh`: a new visitor's, with nothing earlier. */
export function emptyConversation(fresh?: boolean): Conversation {
  const empty: Conversation = { entries: [], keep: WINDOW, outbox: [], delivery: {} }
  if (fresh) empty.earlier = false
  return empty
}
