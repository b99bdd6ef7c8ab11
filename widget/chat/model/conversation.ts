import type { ConversationEntry, DeliveryState } from '../../../shared/widget-api'
import { compareEntryIds } from '../../protocol/entry-id'
import { belongsTo } from './client-id'
import { type Conversation, emptyConversation, WINDOW } from './empty-conversation'
import { type Delivery, type MessageState, messageId, reconcile } from './message-state'
import type { OutboxItem } from './outbox-item'

export type { Conversation } from './empty-conversation'
export { emptyConversation, WINDOW } from './empty-conversation'

export type ConversationEvent =
  /** Entries from the stream (live or replay) or a POST answer; lastEventId from the stream. */
  | { type: 'entries'; entries: ConversationEntry[]; lastEventId?: string }
  /**
   * An earlier page (oldest first) fetched before the entry `before` (none: before the
   * start, as for a new visitor); empty: nothing earlier.
   */
  | { type: 'history'; before: string | undefined; entries: ConversationEntry[] }
  | { type: 'delivery'; clientId: string; delivery: Delivery }
  | { type: 'read'; upTo: string }
  /**
   * The customer sent a message, or a delayed one again (same id: "send now"), or a
   * failed one again under a new id (`replaces`: the refused id is spent).
   */
  | { type: 'queue'; item: OutboxItem; replaces?: string }
  | { type: 'accepted'; id: string; entries: ConversationEntry[]; state: DeliveryState }
  /** Another log from now on (identify, a refused replay id): replay from the newest page. */
  | { type: 'restart' }
  /** What another tab saved: merged in. */
  | { type: 'stored'; stored: Conversation }
  /** A cleared history: a new visitor, who has no earlier entries. */
  | { type: 'reset' }

const byTime = (a: ConversationEntry, b: ConversationEntry) => a.at - b.at

/**
 * What makes two entries one message in any log (a guest's conversation merged into the
 * user's gets new entry ids): the client id of the customer's own, else author, time and content.
 */
const keyOf = (entry: ConversationEntry): string =>
  entry.clientId ?? `${entry.author} ${entry.at} ${JSON.stringify(entry.content)}`

/** Adds entries not shown yet (by id; a copy from another log replaces its original), in time order. */
function merge(
  state: Conversation,
  incoming: ConversationEntry[],
  // Earlier pages loaded (the customer reads back): new entries do not push them out.
  grow = state.keep > WINDOW,
): Conversation {
  const ids = new Set(state.entries.map((entry) => entry.id))
  const keys = new Map(state.entries.map((entry) => [keyOf(entry), entry]))
  const copies = new Map<ConversationEntry, ConversationEntry>()
  const added: ConversationEntry[] = []
  for (const entry of incoming) {
    if (ids.has(entry.id)) continue
    ids.add(entry.id)
    const original = keys.get(keyOf(entry))
    if (original) copies.set(original, entry)
    else added.push(entry)
    keys.set(keyOf(entry), entry)
  }
  if (added.length + copies.size === 0) return state
  let entries = copies.size
    ? state.entries.map((entry) => copies.get(entry) ?? entry)
    : state.entries
  // Mostly in order already: the (stable) sort costs little and keeps arrival order for equal times.
  entries = [...entries, ...added].sort(byTime)
  const outbox = state.outbox.filter(
    (item) => !added.some((entry) => belongsTo(entry.clientId, item.id)),
  )
  return trim({ ...state, entries, outbox, keep: grow ? state.keep + added.length : state.keep })
}

/** Keeps the newest `keep` entries, and the deliveries of what is left. */
function trim(state: Conversation): Conversation {
  const excess = state.entries.length - state.keep
  if (excess <= 0) return state
  const entries = state.entries.slice(excess)
  const wanted = new Set([
    ...entries.flatMap((entry) => (entry.clientId ? [messageId(entry.clientId)] : [])),
    ...state.outbox.map((item) => item.id),
  ])
  const delivery = Object.fromEntries(
    Object.entries(state.delivery).filter(([id]) => wanted.has(messageId(id))),
  )
  return { ...state, entries, earlier: true, delivery }
}

/** News that changes nothing shown (a stream's `sent` for a message shown sent) leaves the state as it is. */
function deliver(state: Conversation, id: string, delivery: Delivery): Conversation {
  const current = state.delivery[id]
  const next = reconcile(current, delivery)
  return (current?.state ?? 'sent') === next.state && current?.error === next.error
    ? state
    : { ...state, delivery: { ...state.delivery, [id]: next } }
}

function laterMarker(current: string | undefined, upTo: string | undefined): string | undefined {
  return current === undefined || (upTo !== undefined && compareEntryIds(upTo, current) > 0)
    ? upTo
    : current
}

/** Merges what another tab saved: its entries, news of messages and marker; ours stay. */
function mergeStored(state: Conversation, stored: Conversation): Conversation {
  let next = merge(state, stored.entries)
  for (const [id, delivery] of Object.entries(stored.delivery)) next = deliver(next, id, delivery)
  const theirs = (id: string) => stored.outbox.some((item) => item.id === id)
  return {
    ...next,
    outbox: [
      // Gone from their outbox with news of it: accepted (or retried) over there.
      ...next.outbox.filter(
        (item) => theirs(item.id) || (stored.delivery[item.id]?.state ?? 'queued') === 'queued',
      ),
      ...stored.outbox.filter((item) => !next.outbox.some((own) => own.id === item.id)),
    ],
    readUpTo: laterMarker(next.readUpTo, stored.readUpTo),
    invite: next.invite ?? stored.invite,
  }
}

/** The conversation after one event: the one place its state changes. */
export function reduce(state: Conversation, event: ConversationEvent): Conversation {
  switch (event.type) {
    case 'entries': {
      const next = merge(state, event.entries)
      const lastEventId = event.lastEventId ?? state.lastEventId
      return lastEventId === next.lastEventId ? next : { ...next, lastEventId }
    }
    case 'history': {
      // A page for an older first entry (the list changed meanwhile) would leave a gap.
      if (state.entries[0]?.id !== event.before) return state
      if (event.entries.length === 0) return { ...state, earlier: false }
      return merge(state, event.entries, true)
    }
    case 'delivery':
      return deliver(state, event.clientId, event.delivery)
    case 'read': {
      const readUpTo = laterMarker(state.readUpTo, event.upTo)
      return readUpTo === state.readUpTo ? state : { ...state, readUpTo }
    }
    case 'queue': {
      const { item, replaces } = event
      const outbox = state.outbox.filter((queued) => ![item.id, replaces].includes(queued.id))
      return {
        ...state,
        // The failed message gives way to the new one; a delayed one stays in view.
        entries: replaces
          ? state.entries.filter((entry) => !belongsTo(entry.clientId, replaces))
          : state.entries,
        outbox: [...outbox, item],
        delivery: { ...state.delivery, [item.id]: { state: 'queued' } },
        invite: state.invite ?? item.invite,
      }
    }
    case 'accepted': {
      const outbox = state.outbox.filter((item) => item.id !== event.id)
      return deliver(merge({ ...state, outbox }, event.entries), event.id, { state: event.state })
    }
    case 'restart':
      return { ...state, lastEventId: undefined, readUpTo: undefined, earlier: undefined }
    case 'stored':
      return mergeStored(state, event.stored)
    case 'reset':
      return emptyConversation(true)
  }
}

/** The state of a customer message (or of one of its parts), `sent` when nothing is known. */
export function messageState(state: Conversation, clientId: string): Delivery {
  return (
    state.delivery[clientId] ??
    state.delivery[messageId(clientId)] ?? { state: 'sent' as MessageState }
  )
}
