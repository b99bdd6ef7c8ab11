import { randomUUID } from 'node:crypto'
import {
  type BotMessagePayload,
  describeIssues,
  ProviderToServiceEvent,
  plainTextFallback,
} from '../../shared/protocol'
import { InvalidBotEventError } from './errors'
import type { BotLogger } from './logger'

/** A bot message as callers write it: plain text, or a Message object of spec 2.6. */
export type BotReply = string | BotMessagePayload

/** What send() takes: a B1 event without the id and timestamp, which are filled in. */
export type OutgoingBotEvent =
  | { event: 'BOT_MESSAGE'; chat_id: string; client_id?: string; message: BotReply; id?: string }
  | { event: 'INVITE_AGENT'; chat_id: string; client_id: string; id?: string }

export function toMessagePayload(reply: BotReply): BotMessagePayload {
  return typeof reply === 'string' ? { type: 'TEXT', text: reply } : reply
}

/**
 * Turns an outgoing event into the exact B1 body: a fresh UUID event id, the
 * message timestamp in unix seconds, checked against the shared schema so the
 * service never sees a body it must refuse.
 */
export function toWireEvent(
  event: OutgoingBotEvent,
  nowMs: number,
  logger: BotLogger,
): ProviderToServiceEvent {
  const id = event.id ?? randomUUID()
  const body =
    event.event === 'BOT_MESSAGE'
      ? {
          ...event,
          id,
          message: { timestamp: Math.floor(nowMs / 1000), ...toMessagePayload(event.message) },
        }
      : { ...event, id }
  const parsed = ProviderToServiceEvent.safeParse(body)
  if (!parsed.success) {
    throw new InvalidBotEventError(`Cannot send ${event.event}: ${describeIssues(parsed.error)}`)
  }
  const wire = parsed.data
  if (wire.event === 'BOT_MESSAGE' && plainTextFallback(wire.message) === undefined) {
    if (wire.message.type === 'TEXT') {
      throw new InvalidBotEventError('Cannot send BOT_MESSAGE: a TEXT message needs non-empty text')
    }
    // Messengers may render it, but chat channels (Porthole's widget among them) drop it.
    logger.warn(
      'sending a bot message without plain-text fallback: chat channels will not show it',
      {
        eventId: id,
        chatId: wire.chat_id,
        type: wire.message.type,
      },
    )
  }
  return wire
}
