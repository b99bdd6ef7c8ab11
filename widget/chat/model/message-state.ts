import type { DeliveryState } from '../../../shared/widget-api'

/**
 * One customer message's lifecycle: `queued` while only this browser has it, then the
 * backend's DELIVERY_STATES (shared/widget-api.ts), the source of truth from there on.
 */
export type MessageState = 'queued' | DeliveryState

export interface Delivery {
  state: MessageState
  /** Why it failed, in the backend's or the service's words. */
  error?: string
}

const FINAL: readonly MessageState[] = ['sent', 'failed']

/**
 * The one reconciliation of POST answers, stream events and other tabs' news: a final
 * state (sent, failed) is not undone by older news of a pending or delayed one that
 * arrives after it. A message sent again starts over (see `resend` in conversation.ts).
 */
export function reconcile(current: Delivery | undefined, next: Delivery): Delivery {
  return current && FINAL.includes(current.state) && !FINAL.includes(next.state) ? current : next
}

// The client id a message was sent with, from an entry's clientId (shared/part-ids.ts).
export { messageId } from '../../../shared/part-ids'
