import type { Sender } from '../../../shared/protocol'
import type { AttemptOutcome, AttemptsResult } from '../delivery/attempts'
import { newId } from './ids'
import type { Chat, ChatEntry, CustomerCard, DeliveryLog } from './model'

// Pure changes of a chat record: each returns a new record and leaves its input as it was.
// The chats repository stores what they return (chats.update); nothing edits a chat in place.

/** A thread entry before it is added: the repository gives it an id and a time. */
export type NewEntry = Omit<ChatEntry, 'id' | 'at'> & { id?: string }

/** The entry as stored: with an id (a new one unless it has one) and the time it was added. */
export function entryFrom(entry: NewEntry, at: number): ChatEntry {
  return { ...entry, id: entry.id ?? newId(), at }
}

/** The chat with `entry` at the end of its thread; a customer message counts as unread. */
export function withEntry(chat: Chat, entry: ChatEntry): Chat {
  const fromCustomer = entry.author === 'customer'
  return {
    ...chat,
    entries: [...chat.entries, entry],
    updatedAt: entry.at,
    unread: fromCustomer ? chat.unread + 1 : chat.unread,
    customerTyping: fromCustomer ? false : chat.customerTyping,
  }
}

/** The chat with one entry replaced by `change(entry)`; the chat itself if there is none. */
export function withEntryChanged(
  chat: Chat,
  entryId: string,
  change: (entry: ChatEntry) => ChatEntry,
): Chat {
  const index = chat.entries.findIndex((entry) => entry.id === entryId)
  const entry = chat.entries[index]
  if (!entry) return chat
  const entries = [...chat.entries]
  entries[index] = change(entry)
  return { ...chat, entries }
}

const CARD_FIELDS = ['name', 'phone', 'email', 'photo', 'url', 'invite'] as const

/** The chat with the customer's card updated from a message's sender; empty values keep the card's. */
export function withCard(chat: Chat, sender: Sender): Chat {
  const card: CustomerCard = { ...chat.customer }
  let changed = false
  for (const field of CARD_FIELDS) {
    const value = sender[field]
    if (typeof value !== 'string' || value.length === 0 || card[field] === value) continue
    card[field] = value
    changed = true
  }
  return changed ? { ...chat, customer: card } : chat
}

/** The delivery with one more attempt in its log. */
export function withAttempt(
  delivery: DeliveryLog,
  attempt: number,
  outcome: AttemptOutcome,
  at: number,
): DeliveryLog {
  const error = outcome.ok ? undefined : outcome.error
  const logged = {
    attempt,
    at,
    ok: outcome.ok,
    ...(outcome.status ? { status: outcome.status } : {}),
    ...(error ? { error } : {}),
  }
  return { ...delivery, attempts: [...delivery.attempts, logged] }
}

/** The delivery once its attempts are over: delivered, or failed with what the agent is shown. */
export function settled(delivery: DeliveryLog, result: AttemptsResult): DeliveryLog {
  if (result.ok) return { ...delivery, status: 'delivered' }
  const plural = result.attempts === 1 ? '' : 's'
  return {
    ...delivery,
    status: 'failed',
    error: `delivery failed after ${result.attempts} attempt${plural}: ${result.error}`,
  }
}

/**
 * The record frozen, with everything in it: a stored chat cannot be edited by accident (a
 * write to it throws), so a change has to go through the repository. Parts already frozen
 * (the entries of an earlier version) are not walked again.
 */
export function frozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const part of Object.values(value)) frozen(part)
  return Object.freeze(value)
}
