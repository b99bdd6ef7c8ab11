import type { Logger } from '../logging/logger'
import { outboxItemKey, outboxOpenKey, outboxSettledKey } from '../store/keys'
import type { Indexes, Records } from '../store/types'
import { deliveryState, OutboxItem } from './outbox-item'
import { type DeliveryNews, settledDeliveries } from './settled-deliveries'

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
 * A member of a visitor's index of unsent items: the id of one of the visitor's own
 * items, or `<owner>:<clientId>` for another visitor's (a guest's, carried into the user
 * it was merged into by carryUnsent). Client ids never hold a colon.
 */
function ownerOf(member: string, visitorId: string): { owner: string; clientId: string } {
  const at = member.lastIndexOf(':')
  return at < 0
    ? { owner: visitorId, clientId: member }
    : { owner: member.slice(0, at), clientId: member.slice(at + 1) }
}

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
  const members = await store.indexMembers(outboxOpenKey(visitorId))
  const items: { member: string; item: OutboxItem }[] = []
  for (let from = 0; from < members.length; from += READ_BATCH) {
    const batch = members.slice(from, from + READ_BATCH)
    const read = await Promise.all(
      batch.map(async (member) => {
        const { owner, clientId } = ownerOf(member, visitorId)
        const item = await store.getRecord(outboxItemKey(owner, clientId), OutboxItem, () =>
          logger.error('outbox: a stored item is unreadable', { visitorId: owner, clientId }),
        )
        return item && { member, item }
      }),
    )
    for (const found of read) if (found) items.push(found)
  }
  const sent = items.filter(({ item }) => item.state === 'sent').map(({ member }) => member)
  if (sent.length > 0) void forget(store, visitorId, sent, logger)
  return items
    .map(({ item }) => item)
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
  members: readonly string[],
  logger: Logger,
): Promise<void> {
  try {
    for (const member of members) await store.indexRemove(outboxOpenKey(visitorId), member)
  } catch (error) {
    logger.debug('outbox: sent items not removed from the visitor index', { error })
  }
}

/**
 * A guest merged into a user (identify): the user's streams are told of the guest's
 * messages still waiting (their items stay the guest's, named in the user's index of
 * unsent items as `<guest>:<clientId>`) and of those sent after a wait. Idempotent.
 */
export async function carryUnsent(
  store: Indexes,
  options: { fromId: string; intoId: string; keepMs: number },
): Promise<void> {
  const { fromId, intoId, keepMs } = options
  for (const member of await store.indexMembers(outboxOpenKey(fromId))) {
    const { owner, clientId } = ownerOf(member, fromId)
    await store.indexAdd(outboxOpenKey(intoId), `${owner}:${clientId}`, keepMs)
  }
  for (const member of await store.indexMembers(outboxSettledKey(fromId)))
    await store.indexAdd(outboxSettledKey(intoId), member, keepMs)
}
