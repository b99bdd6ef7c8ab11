import type { ConversationEntry } from '../../shared/widget-api'

// The JSON text of entries a store has just made, so the streams' frame reuses it
// instead of serialising the same entry again: the sqlite store wrote that text to the
// file, the memory store made its copy from it. Weak: it goes with the entry.
const texts = new WeakMap<ConversationEntry, string>()

/**
 * Notes that `json` is exactly `JSON.stringify(entry)`; only for an entry nobody
 * changes afterwards (a store's own copy). Returns `entry`.
 *
 * @example return remember(JSON.parse(json), json)
 */
export function rememberEntryJson(entry: ConversationEntry, json: string): ConversationEntry {
  texts.set(entry, json)
  return entry
}

/** `JSON.stringify(entry)`, free when the store that made the entry kept its text. */
export function entryJson(entry: ConversationEntry): string {
  return texts.get(entry) ?? JSON.stringify(entry)
}
