import { z } from 'zod'
import { partClientIds } from '../../shared/part-ids'
import { type ChannelMessage, FileMediaMessage, Sender } from '../../shared/protocol/chat-channel'
import type { DeliveryState } from '../../shared/widget-api'

/**
 * The stored states of a customer message. `pending` and `delayed` are active (still
 * being retried); `sent`, `failed` (given up) and `rejected` (the service's 4xx) are
 * final. The widget sees `rejected` as `failed` (see deliveryState).
 */
export const OUTBOX_STATES = ['pending', 'delayed', 'sent', 'failed', 'rejected'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]

/** The part being forwarded, recorded before its request goes out. */
export const InFlight = z.object({
  /** Index of the part. */
  part: z.number().int().nonnegative(),
  since: z.number(),
  /** The outbox instance that sent it (one per process). */
  owner: z.string(),
})
export type InFlight = z.infer<typeof InFlight>

/** A ≤1000-character part of a text. */
export const TextPart = z.object({ clientId: z.string(), text: z.string() })
export type TextPart = z.infer<typeof TextPart>

/**
 * An attachment (spec 2.4 photo or document). Should the service refuse media (a 4xx:
 * spec 2.1 calls inbound types other than text "not yet supported"), `fallback` (the
 * file's name, size and link) goes instead and `asText` is set, so retries send the text.
 */
export const MediaPart = z.object({
  clientId: z.string(),
  media: FileMediaMessage,
  fallback: z.string().min(1),
  asText: z.boolean().optional(),
})
export type MediaPart = z.infer<typeof MediaPart>

export const OutboxPart = z.union([MediaPart, TextPart])
export type OutboxPart = z.infer<typeof OutboxPart>

/**
 * One customer message on its way to the service (A2), stored before the first
 * attempt so that neither a crash nor a restart loses it.
 */
export const OutboxItem = z.object({
  visitorId: z.string(),
  clientId: z.string(),
  sender: Sender,
  /** The ≤1000-character text parts or the one attachment, forwarded in order; `clientId` is the entry's. */
  parts: z.array(OutboxPart).min(1),
  /** How many parts the service has accepted. */
  sent: z.number().int().nonnegative(),
  /** Failed attempts in a row (since the last accepted part or the last restart). */
  attempts: z.number().int().nonnegative(),
  state: z.enum(OUTBOX_STATES),
  error: z.string().optional(),
  rejectedStatus: z.number().int().optional(),
  nextAttemptAt: z.number(),
  /** When the visitor sent it: the entries' time. */
  createdAt: z.number(),
  /** When the current round of attempts began (creation, or the repeat of a failed one); absent in items of older versions: createdAt. */
  startedAt: z.number().optional(),
  /**
   * How long the current round has lasted (ms), counted in elapsed time, not in
   * wall-clock differences, as of `countedAt` (see elapsed-time.ts): A2_GIVE_UP_HOURS
   * is measured against it. Absent in items of older versions.
   */
  waitedMs: z.number().nonnegative().optional(),
  /** The wall-clock time `waitedMs` was counted at. */
  countedAt: z.number().optional(),
  /**
   * Set while a part's request is out. Found on an active item whose claim has
   * expired, it means the sender crashed and the part may have reached the service.
   */
  inFlight: InFlight.optional(),
  /** The parts' entries are in the visitor's log. */
  logged: z.boolean().optional(),
})
export type OutboxItem = z.infer<typeof OutboxItem>

/** What the route hands the outbox: the outbox builds the stored item. */
export type OutboxRequest = {
  visitorId: string
  /** The widget's message id (ClientId). */
  clientId: string
  sender: Sender
} & (
  | {
      /** The text split into ≤1000-character parts (shared/text splitText). */
      texts: string[]
    }
  | {
      /** An attachment, and the text sent instead when the service refuses media. */
      media: { message: FileMediaMessage; fallback: string }
    }
)

/** A new item, due now. */
export function createOutboxItem(request: OutboxRequest, now: number): OutboxItem {
  return {
    visitorId: request.visitorId,
    clientId: request.clientId,
    sender: request.sender,
    parts: partsOf(request),
    sent: 0,
    attempts: 0,
    state: 'pending',
    nextAttemptAt: now,
    createdAt: now,
    startedAt: now,
    waitedMs: 0,
    countedAt: now,
  }
}

function partsOf(request: OutboxRequest): OutboxPart[] {
  if ('media' in request) {
    const { message, fallback } = request.media
    return [{ clientId: request.clientId, media: { ...message, id: request.clientId }, fallback }]
  }
  if (request.texts.length === 0) throw new RangeError('createOutboxItem: no text parts')
  const ids = partClientIds(request.clientId, request.texts.length)
  return request.texts.map((text, i) => ({ clientId: ids[i] ?? request.clientId, text }))
}

/** The A2 message object of a part: the text, the attachment, or the attachment's text fallback. */
export function messageOfPart(part: OutboxPart): ChannelMessage {
  if (!('media' in part)) return { type: 'text', id: part.clientId, text: part.text }
  if (part.asText) return { type: 'text', id: part.clientId, text: part.fallback }
  return part.media
}

/** Still being retried. */
export function isActive(item: OutboxItem): boolean {
  return item.state === 'pending' || item.state === 'delayed'
}

/** The state the widget sees (shared DELIVERY_STATES): a refusal is `failed`. */
export function deliveryState(item: OutboxItem): DeliveryState {
  return item.state === 'rejected' ? 'failed' : item.state
}
