import type { ConversationEntry, ReadMarker } from '../../shared/widget-api'
import { parseConversationEntry } from './conversation-entry'
import { isNonEmptyString, isRecord, isString } from './read'

// Mirrors HistoryResponse and ReadMarker of shared/widget-api.ts, and the stream ticket
// of POST /api/events/ticket.

/** EntryId of shared/widget-api.ts: 1 to 64 characters. */
export function isEntryId(value: unknown): value is string {
  return isString(value) && value.length > 0 && value.length <= 64
}

export function parseEntries(value: unknown): ConversationEntry[] | undefined {
  if (!Array.isArray(value)) return undefined
  const entries: ConversationEntry[] = []
  for (const item of value) {
    const entry = parseConversationEntry(item)
    if (!entry) return undefined
    entries.push(entry)
  }
  return entries
}

export function parseHistoryResponse(value: unknown): { entries: ConversationEntry[] } | undefined {
  const entries = isRecord(value) ? parseEntries(value.entries) : undefined
  return entries && { entries }
}

export function parseReadMarker(value: unknown): ReadMarker | undefined {
  return isRecord(value) && isEntryId(value.upTo) ? { upTo: value.upTo } : undefined
}

/** POST /api/events/ticket: `{ticket, expiresIn}`; the widget needs the ticket only. */
export function parseStreamTicket(value: unknown): { ticket: string } | undefined {
  return isRecord(value) && isNonEmptyString(value.ticket) ? { ticket: value.ticket } : undefined
}
