import { z } from 'zod'
import type { ConversationEntry, DeliveryState } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import {
  KEY_PREFIXES,
  OUTBOX_INDEXED_KEY,
  outboxDueKeyOf,
  outboxItemKey,
  visitorPartDedupeKey,
} from '../store/keys'
import type { ConversationLog, Records, VisitorEvents } from '../store/types'
import { deliveryState, isActive, OutboxItem } from './customer-message-item'

/** A marker's value: when it was written (an orphan is dropped only once it is old). */
const DueMarker = z.object({ since: z.number() })
/** Store-wide: the items of versions without markers have been given theirs (any value counts). */
const IndexedMarker = z.unknown()

/** The roles of the store the outbox's records use. */
export type OutboxStore = ConversationLog & VisitorEvents & Records

export type OutboxRecordsOptions = {
  store: OutboxStore
  logger: Logger
  now: () => number
  /** How long an item is kept after its last change. */
  keepMs: number
  /** A due marker without its item is left alone this long (the item may be on its way). */
  youngMs: number
}

export type OutboxRecords = ReturnType<typeof createOutboxRecords>

/**
 * The outbox's store I/O: items (`outbox:<visitor>:<id>`), their due markers
 * (`outbox-due:…`, one per active item, so the sweep never reads finished ones), the
 * visitor's log entries and the `delivery` events.
 */
export function createOutboxRecords(options: OutboxRecordsOptions) {
  const { store, logger, now, keepMs, youngMs } = options

  async function read(key: string): Promise<OutboxItem | undefined> {
    return store.getRecord(key, OutboxItem, () =>
      logger.error('outbox: a stored item is unreadable', { key }),
    )
  }

  /** Saves the item; an item turning active gets its due marker first, a finished one loses it. */
  async function save(item: OutboxItem, wasActive: boolean): Promise<void> {
    const key = outboxItemKey(item.visitorId, item.clientId)
    if (isActive(item) && !wasActive) await store.setRecord(outboxDueKeyOf(key), { since: now() })
    await store.setRecord(key, item, keepMs)
    if (!isActive(item) && wasActive) {
      await store.deleteRecord(outboxDueKeyOf(key)).catch((error: unknown) => {
        // The sweep drops the markers of finished items.
        logger.debug('outbox: due marker not deleted', { error })
      })
    }
  }

  async function appendEntries(item: OutboxItem): Promise<ConversationEntry[]> {
    const entries: ConversationEntry[] = []
    for (const [n, part] of item.parts.entries()) {
      const { entry } = await store.append(
        item.visitorId,
        {
          author: 'visitor',
          clientId: part.clientId,
          content: 'media' in part ? part.media : { type: 'text', text: part.text },
          at: item.createdAt,
        },
        { dedupeKey: visitorPartDedupeKey(item.visitorId, item.clientId, n) },
      )
      entries.push(entry)
    }
    return entries
  }

  /** Tells the visitor's streams about a state change (a fresh item's `sent` is the POST's answer). */
  async function announce(item: OutboxItem, before: DeliveryState | undefined): Promise<void> {
    const state = deliveryState(item)
    if (state === before || (before === undefined && state === 'sent')) return
    const data = { clientId: item.clientId, state, ...(item.error ? { error: item.error } : {}) }
    await store.publish(item.visitorId, { event: 'delivery', data }).catch((error: unknown) => {
      logger.warn('outbox: delivery event not published', { error })
    })
  }

  /** Drops the due marker of a finished item, or of a missing one once it is old. */
  async function dropMarker(key: string, item: OutboxItem | undefined): Promise<void> {
    if (!item) {
      const marker = await store.getRecord(outboxDueKeyOf(key), DueMarker)
      // A young marker may belong to an item being created right now.
      if (marker && marker.since > now() - youngMs) return
    }
    await store.deleteRecord(outboxDueKeyOf(key))
  }

  /** Once per store: items stored before due markers existed get theirs. */
  async function indexOlderItems(): Promise<void> {
    if ((await store.getRecord(OUTBOX_INDEXED_KEY, IndexedMarker)) !== undefined) return
    for (const key of await store.listRecords(KEY_PREFIXES.outboxItem)) {
      const item = await read(key)
      if (item && isActive(item)) await store.setRecord(outboxDueKeyOf(key), { since: now() })
    }
    await store.setRecord(OUTBOX_INDEXED_KEY, { at: now() })
  }

  return { read, save, appendEntries, announce, dropMarker, indexOlderItems }
}
