import { isDeliveryState } from '../../protocol/api-bodies'
import { isRecord, isString } from '../../protocol/read'
import type { Delivery } from './message-state'

/** Reads a stored delivery map (by client id); entries that do not parse are dropped. */
export function parseDeliveries(value: unknown): Record<string, Delivery> {
  const deliveries: Record<string, Delivery> = {}
  if (!isRecord(value)) return deliveries
  for (const [clientId, delivery] of Object.entries(value)) {
    if (!isRecord(delivery)) continue
    const { state, error } = delivery
    if (state !== 'queued' && !isDeliveryState(state)) continue
    deliveries[clientId] = isString(error) ? { state, error } : { state }
  }
  return deliveries
}
