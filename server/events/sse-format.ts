import type { ConversationEntry } from '../../shared/widget-api'
import { entryJson } from '../store/entry-json'

// Server-sent events wire format. JSON.stringify never emits a raw newline, so one
// `data:` line per event is always enough.

/** A stored entry: its id becomes the stream's Last-Event-ID. */
export function formatEntry(entry: ConversationEntry): string {
  return `id: ${entry.id}\nevent: message\ndata: ${entryJson(entry)}\n\n`
}

/** An event that is never stored (typing, status, delivery): no id, so replay is unaffected. */
export function formatTransient(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** The start of every stream: the reconnection delay and a comment that flushes the headers. */
export function formatPreamble(retryMs: number): string {
  return `retry: ${retryMs}\n: connected\n\n`
}

export const HEARTBEAT = ': ping\n\n'
