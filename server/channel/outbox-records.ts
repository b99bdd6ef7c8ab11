import { z } from 'zod'
import type { ConversationEntry, DeliveryState } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import { resolveRecipient } from '../session/alias'
import {
  KEY_PREFIXES,
  OUTBOX_INDEXED_KEY,
  OUTBOX_OPEN_INDEXED_KEY,
  outboxDueKeyOf,
  outboxItemKey,
  outboxOpenKey,
  visitorPartDedupeKey,
} from '../store/keys'
import type { ConversationLog, Indexes, Records, VisitorEvents } from '../store/types'
import { deliveryState, isActive, OutboxItem } from './outbox-item'
import { noteSettled, SETTLED_POLICY } from './settled-deliveries'

/** A marker's value: when it was written (an orphan is dropped only once it is old). */
const DueMarker = z.object({ since: z.number() })
/** Store-wide: the items of versions without markers have been given theirs (any value counts). */
const IndexedMarker = z.unknown()

/** The roles of the store the outbox's records use. */
export type OutboxStore = ConversationLog & VisitorEvents & Records & Indexes

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
 * visitor's indexes of items not sent (`outbox-open:<visitor>`) and of items sent after
 * a wait (`outbox-settled:<visitor>`), read by every stream open (see
 * unsent-deliveries.ts), the visitor's log entries and the `delivery` events.
 */
export function createOutboxRecords(options: OutboxRecordsOptions) {
  const { store, logger, now, keepMs, youngMs } = options
  let settledAdds = 0

  async function read(key: string): Promise<OutboxItem | undefined> {
    return store.getRecord(key, OutboxItem, () =>
      logger.error('outbox: a stored item is unreadable', { key }),
    )
  }

  /**
   * Saves the item; an item turning active gets its due marker first, a finished one
   * loses it. The visitor's index holds every item not sent: its id goes in before the
   * item is stored unsent (created, restarted, or given up: the index then lasts as long
   * as the item), and leaves only once the item is stored `sent`, which is final. So the
   * index is never missing an unsent item, whatever the order of writes across instances.
   * An item turning `sent` joins the visitor's index of sent items first (a device may
   * still show it unsent: see settled-deliveries.ts).
   */
  async function save(item: OutboxItem, wasActive: boolean): Promise<void> {
    const key = outboxItemKey(item.visitorId, item.clientId)
    const sent = item.state === 'sent'
    if (!sent && (!wasActive || !isActive(item)))
      await store.indexAdd(outboxOpenKey(item.visitorId), item.clientId, keepMs)
    if (isActive(item) && !wasActive) await store.setRecord(outboxDueKeyOf(key), { since: now() })
    if (sent) {
      // The index is read back to prune it on one add in SETTLED_POLICY.pruneEvery.
      const prune = settledAdds++ % SETTLED_POLICY.pruneEvery === 0
      await noteSettled(store, item, { now: now(), keepMs, logger, prune })
    }
    await store.setRecord(key, item, keepMs)
    if (!isActive(item) && wasActive) {
      await store.deleteRecord(outboxDueKeyOf(key)).catch((error: unknown) => {
        // The sweep drops the markers of finished items.
        logger.debug('outbox: due marker not deleted', { error })
      })
    }
    if (sent) {
      await store.indexRemove(outboxOpenKey(item.visitorId), item.clientId).catch((error) => {
        // A stream open reads the item, finds it sent and drops it from the index.
        logger.debug('outbox: sent item not removed from the visitor index', { error })
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
    try {
      // The guest's streams, and the user's if the guest was identified (merged into a
      // user) while the message waited: the user's devices show it too (the merge
      // copied its entry), and a user's stream opened later hears it was sent.
      const to = await resolveRecipient(store, item.visitorId)
      if (to !== item.visitorId && state === 'sent')
        await noteSettled(store, { ...item, visitorId: to }, { now: now(), keepMs, logger })
      for (const visitorId of new Set([item.visitorId, to]))
        await store.publish(visitorId, { event: 'delivery', data })
    } catch (error) {
      logger.warn('outbox: delivery event not published', { error })
    }
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

  /**
   * Once per store: items stored before due markers existed get theirs, and unsent items
   * stored before the visitors' indexes existed join theirs.
   */
  async function indexOlderItems(): Promise<void> {
    const marked = (await store.getRecord(OUTBOX_INDEXED_KEY, IndexedMarker)) !== undefined
    const indexed = (await store.getRecord(OUTBOX_OPEN_INDEXED_KEY, IndexedMarker)) !== undefined
    if (marked && indexed) return
    for (const key of await store.listRecords(KEY_PREFIXES.outboxItem)) {
      const item = await read(key)
      if (!item) continue
      if (!marked && isActive(item)) await store.setRecord(outboxDueKeyOf(key), { since: now() })
      if (!indexed && item.state !== 'sent')
        await store.indexAdd(outboxOpenKey(item.visitorId), item.clientId, keepMs)
    }
    await store.setRecord(OUTBOX_INDEXED_KEY, { at: now() })
    await store.setRecord(OUTBOX_OPEN_INDEXED_KEY, { at: now() })
  }

  return { read, save, appendEntries, announce, dropMarker, indexOlderItems }
}
