import { z } from 'zod'
import { ConversationEntry, StreamEvents } from '../../../shared/widget-api'
import { StoreError } from '../errors'
import type { NewEntry, TransientEvent, VisitorEvent } from '../types'

// How the redis: store writes entries and events into Redis. Redis is shared by every
// instance (and anyone with access to it), so what comes back is parsed, not trusted.

export const StoredEntry = ConversationEntry.omit({ id: true })
export type StoredEntry = z.infer<typeof StoredEntry>

export const TransientPayload = z.discriminatedUnion('event', [
  z.object({ event: z.literal('typing'), data: StreamEvents.typing }),
  z.object({ event: z.literal('delivery'), data: StreamEvents.delivery }),
  z.object({ event: z.literal('read'), data: StreamEvents.read }),
  z.object({ event: z.literal('contact'), data: StreamEvents.contact }),
  z.object({ event: z.literal('revoked'), data: z.object({ at: z.number() }) }),
])
export type TransientPayload = z.infer<typeof TransientPayload>

/** The JSON kept in a stream entry's `e` field. */
export function encodeEntry(entry: NewEntry): string {
  // A caller may pass a whole ConversationEntry: its id is the stream's to give.
  return JSON.stringify({ ...entry, id: undefined })
}

/** An entry read back from Redis, with its stream id; throws StoreError when it is corrupt. */
export function decodeEntry(id: string, json: string | undefined): ConversationEntry {
  let value: unknown
  try {
    value = json === undefined ? undefined : JSON.parse(json)
  } catch {
    value = undefined
  }
  const parsed = StoredEntry.safeParse(value)
  if (!parsed.success) {
    throw new StoreError(
      `redis: entry ${id} is not a conversation entry (${parsed.error.issues[0]?.message}); ` +
        'another program may be writing under the store prefix: give Porthole its own prefix or database',
    )
  }
  return { ...parsed.data, id }
}

/** "<id>\n<json>": the value of a dedupe key and the tail of a stored-entry pub/sub message. */
export function decodeIdAndEntry(value: string): ConversationEntry {
  const newline = value.indexOf('\n')
  if (newline < 0) throw new StoreError('redis: an id-and-entry value has no newline')
  return decodeEntry(value.slice(0, newline), value.slice(newline + 1))
}

/** Pub/sub messages: "m<id>\n<entry json>" for stored entries, "t<json>" for transient events. */
export function encodeTransient(event: TransientEvent): string {
  return `t${JSON.stringify(event)}`
}

/** Decodes a pub/sub message; throws StoreError for one this store did not write. */
export function decodeMessage(message: string): VisitorEvent {
  if (message.startsWith('m')) return { event: 'message', data: decodeIdAndEntry(message.slice(1)) }
  if (message.startsWith('t')) {
    let value: unknown
    try {
      value = JSON.parse(message.slice(1))
    } catch {
      value = undefined
    }
    const parsed = TransientPayload.safeParse(value)
    if (parsed.success) return parsed.data
  }
  throw new StoreError(`redis: unreadable pub/sub message "${message.slice(0, 80)}"`)
}
