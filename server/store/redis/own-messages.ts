import type { ConversationEntry } from '../../../shared/widget-api'
import { rememberEntryJson } from '../entry-json'
import type { VisitorEvent } from '../types'
import type { StoredEntry } from './wire'

/** Entries kept per generation; two generations at most, so a copy that never comes ages out. */
const GENERATION = 5000

/**
 * The entries this instance appended for a visitor it listens to, by the pub/sub
 * message the append script published for each ("m<id>\n<JSON>", both known from the
 * script's reply): when that message comes back it is known by its bytes (the JSON this
 * instance made from an entry it validated, the id Redis gave) and is neither parsed nor
 * validated again, and its frame reuses the JSON. Any other message (another instance's,
 * one that overtook the reply) is decoded as before. A copy that never comes (the
 * subscription ended meanwhile) is dropped two generations later.
 *
 * @example own.sent(id, json, entry) // after the reply; fan-out: own.take(message) ?? decode(message)
 */
export function createOwnMessages(generation = GENERATION) {
  let current = new Map<string, ConversationEntry>()
  let previous = new Map<string, ConversationEntry>()
  return {
    /** The script stored `entry` (as `json`) under `id` and published it. */
    sent(id: string, json: string, entry: StoredEntry): void {
      if (current.size >= generation) {
        previous = current
        current = new Map()
      }
      // The stored JSON has no id (wire.ts encodeEntry): { ...entry, id } puts it last.
      const stored: ConversationEntry = { ...entry, id }
      current.set(
        `m${id}\n${json}`,
        rememberEntryJson(stored, `${json.slice(0, -1)},"id":"${id}"}`),
      )
    },
    /** The event of a message this instance published, once; undefined for any other. */
    take(message: string): VisitorEvent | undefined {
      const entry = current.get(message) ?? previous.get(message)
      if (entry === undefined) return undefined
      if (!current.delete(message)) previous.delete(message)
      return { event: 'message', data: entry }
    },
  }
}

export type OwnMessages = ReturnType<typeof createOwnMessages>
