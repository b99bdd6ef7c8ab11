import { z } from 'zod'
import type { ConversationEntry, DeliveryState } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { Store } from '../store/types'
import {
  deliveryState,
  dueKeyOf,
  isActive,
  OUTBOX_PREFIX,
  OutboxItem,
  outboxKey,
} from './outbox-item'

/** A marker's value: when it was written (an orphan is dropped only once it is old). */
const DueMarker = z.object({ since: z.number() })
/** Store-wide: the items of versions without markers have been given theirs. */
const INDEXED_KEY = 'outbox-meta:due-markers'

export type OutboxRecordsOptions = {
  store: Store
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
    const record = await store.getRecord(key)
    if (record === undefined) return undefined
    const parsed = OutboxItem.safeParse(record)
    if (!parsed.success) logger.error('outbox: a stored item is unreadable', { key })
    return parsed.success ? parsed.data : undefined
  }

  /** Saves the item; an item turning active gets its due marker first, a finished one loses it. */
  async function save(item: OutboxItem, wasActive: boolean): Promise<void> {
    const key = outboxKey(item.visitorId, item.clientId)
    if (isActive(item) && !wasActive) await store.setRecord(dueKeyOf(key), { since: now() })
    await store.setRecord(key, item, keepMs)
    if (!isActive(item) && wasActive) {
      await store.deleteRecord(dueKeyOf(key)).catch((error: unknown) => {
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
          content: { type: 'text', text: part.text },
          at: item.createdAt,
        },
        { dedupeKey: `a2:${item.visitorId}:${item.clientId}:${n}` },
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
      const marker = DueMarker.safeParse(await store.getRecord(dueKeyOf(key)))
      // A young marker may belong to an item being created right now.
      if (marker.success && marker.data.since > now() - youngMs) return
    }
    await store.deleteRecord(dueKeyOf(key))
  }

  /** Once per store: items stored before due markers existed get theirs. */
  async function indexOlderItems(): Promise<void> {
    if ((await store.getRecord(INDEXED_KEY)) !== undefined) return
    for (const key of await store.listRecords(OUTBOX_PREFIX)) {
      const item = await read(key)
      if (item && isActive(item)) await store.setRecord(dueKeyOf(key), { since: now() })
    }
    await store.setRecord(INDEXED_KEY, { at: now() })
  }

  return { read, save, appendEntries, announce, dropMarker, indexOlderItems }
}
