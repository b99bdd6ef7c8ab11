import type { ConversationEntry, DeliveryState } from '../../shared/widget-api'
import { isDeliveryState } from '../protocol/api-bodies'
import { parseConversationEntry } from '../protocol/conversation-entry'
import { isRecord, isString } from '../protocol/read'

export interface Delivery {
  state: DeliveryState
  error?: string
}

/** What the widget keeps of the conversation (IndexedDB key "log"). */
export interface ConversationLog {
  entries: ConversationEntry[]
  /** The SSE id of the last event seen: the replay point after a reload. */
  lastEventId: string | undefined
  /** Delivery of own messages answered "pending", by clientId. */
  delivery: Record<string, Delivery>
  /** The invitation the customer answered, shown atop the conversation. */
  invite: string | undefined
}

export function emptyLog(): ConversationLog {
  return { entries: [], lastEventId: undefined, delivery: {}, invite: undefined }
}

/** Reads a stored log; whatever does not parse (an older version, corruption) is dropped. */
export function parseLog(value: unknown): ConversationLog {
  const log = emptyLog()
  if (!isRecord(value)) return log
  if (Array.isArray(value.entries)) {
    log.entries = value.entries.flatMap((entry) => parseConversationEntry(entry) ?? [])
  }
  if (isString(value.lastEventId)) log.lastEventId = value.lastEventId
  if (isString(value.invite)) log.invite = value.invite
  if (isRecord(value.delivery)) {
    for (const [clientId, delivery] of Object.entries(value.delivery)) {
      if (isRecord(delivery) && isDeliveryState(delivery.state)) {
        log.delivery[clientId] = isString(delivery.error)
          ? { state: delivery.state, error: delivery.error }
          : { state: delivery.state }
      }
    }
  }
  return log
}

/** Adds entries not seen before (by id), keeping time order; returns the new ones. */
export function mergeEntries(
  current: ConversationEntry[],
  incoming: ConversationEntry[],
): { entries: ConversationEntry[]; added: ConversationEntry[] } {
  const seen = new Set(current.map((entry) => entry.id))
  const added = incoming.filter((entry) => !seen.has(entry.id) && seen.add(entry.id))
  if (added.length === 0) return { entries: current, added }
  // A stable sort keeps arrival order for entries with the same timestamp.
  const entries = [...current, ...added].sort((a, b) => a.at - b.at)
  return { entries, added }
}
