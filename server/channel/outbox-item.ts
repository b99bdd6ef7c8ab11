import { z } from 'zod'
import { Sender } from '../../shared/protocol/chat-channel'

export const OUTBOX_STATES = ['pending', 'sent', 'failed', 'rejected'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]

/**
 * One customer message on its way to the service (A2), stored before the first
 * attempt so that neither a crash nor a restart loses it.
 */
export const OutboxItem = z.object({
  visitorId: z.string(),
  clientId: z.string(),
  sender: Sender,
  /** The ≤1000-character parts, forwarded in order; `clientId` is the entry's. */
  parts: z.array(z.object({ clientId: z.string(), text: z.string() })).min(1),
  /** How many parts the service has accepted. */
  sent: z.number().int().nonnegative(),
  /** Failed attempts for the current part. */
  attempts: z.number().int().nonnegative(),
  state: z.enum(OUTBOX_STATES),
  error: z.string().optional(),
  rejectedStatus: z.number().int().optional(),
  nextAttemptAt: z.number(),
  createdAt: z.number(),
})
export type OutboxItem = z.infer<typeof OutboxItem>

export const OUTBOX_PREFIX = 'outbox:'

export function outboxKey(visitorId: string, clientId: string): string {
  return `${OUTBOX_PREFIX}${visitorId}:${clientId}`
}

/**
 * Entry client ids of a message's parts: the widget's id for one part, `<id>-<n>`
 * (n from 1) for several; the widget matches them by that prefix. Idempotency
 * never relies on them (it is keyed by the message id and the part index).
 */
export function partClientIds(clientId: string, count: number): string[] {
  if (count === 1) return [clientId]
  return Array.from({ length: count }, (_, i) => `${clientId}-${i + 1}`)
}
