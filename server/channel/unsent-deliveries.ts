import type { Logger } from '../logging/logger'
import { outboxItemKey, outboxOpenKey } from '../store/keys'
import type { Indexes, Records, TransientEvent } from '../store/types'
import { deliveryState, OutboxItem } from './customer-message-item'
import { settledDeliveries } from './settled-deliveries'

/** What a `delivery` stream event carries. */
export type DeliveryNews = Extract<TransientEvent, { event: 'delivery' }>['data']

/**
 * What a stream opening now is told after its replay: the state of each message not sent
 * (unsentDeliveries), then `sent` for each one sent after a wait that a device may still
 * show unsent (settledDeliveries). Both lists oldest first.
 */
export async function openingDeliveries(
  store: Records & Indexes,
  visitorId: string,
  logger: Logger,
  now = Date.now(),
): Promise<DeliveryNews[]> {
  const [unsent, settled] = await Promise.all([
    unsentDeliveries(store, visitorId, logger),
    settledDeliveries(store, visitorId, now),
  ])
  return [...unsent, ...settled]
}

/** Items read from the store at once. */
const READ_BATCH = 100

/**
 * The delivery state of each of the visitor's customer messages that is not `sent`
 * (pending, delayed, failed), oldest first: what a stream opening now must be told,
 * since the `delivery` events of those changes went out before it was there. Reads the
 * visitor's index of unsent items (kept by the outbox's save) and those items only.
 * An id whose item turns out `sent` is dropped from the index; one without an item is
 * left for the index's expiry (its item may be being stored right now).
 */
export async function unsentDeliveries(
  store: Records & Indexes,
  visitorId: string,
  logger: Logger,
): Promise<DeliveryNews[]> {
  const ids = await store.indexMembers(outboxOpenKey(visitorId))
  const items: OutboxItem[] = []
  for (let from = 0; from < ids.length; from += READ_BATCH) {
    const batch = ids.slice(from, from + READ_BATCH)
    const read = await Promise.all(
      batch.map((clientId) =>
        store.getRecord(outboxItemKey(visitorId, clientId), OutboxItem, () =>
          logger.error('outbox: a stored item is unreadable', { visitorId, clientId }),
        ),
      ),
    )
    for (const item of read) if (item) items.push(item)
  }
  const sent = items.filter((item) => item.state === 'sent')
  if (sent.length > 0) void forget(store, visitorId, sent, logger)
  return items
    .filter((item) => item.state !== 'sent')
    .sort((a, b) => a.createdAt - b.createdAt || (a.clientId < b.clientId ? -1 : 1))
    .map((item) => ({
      clientId: item.clientId,
      state: deliveryState(item),
      ...(item.error ? { error: item.error } : {}),
    }))
}

async function forget(
  store: Indexes,
  visitorId: string,
  sent: readonly OutboxItem[],
  logger: Logger,
): Promise<void> {
  try {
    for (const item of sent) await store.indexRemove(outboxOpenKey(visitorId), item.clientId)
  } catch (error) {
    logger.debug('outbox: sent items not removed from the visitor index', { error })
  }
}
