import type { TypingMessage, TypingType } from '../../shared/protocol/chat-channel'
import type { Logger } from '../logging/logger'
import type { Store, TransientEvent } from '../store/types'
import type { ChannelClient, SendOutcome } from './channel-client'

// Typing notifications (spec 2.4, typein/typeout) in both directions. They are worth
// nothing late, so neither direction stores or retries them: a lost one costs nothing.

/** Visitor -> service: one A2 request with only the typing type; failures are logged, not raised. */
export async function forwardVisitorTyping(options: {
  client: Pick<ChannelClient, 'send'>
  visitorId: string
  type: TypingType
  log: Logger
}): Promise<SendOutcome> {
  const outcome = await options.client.send({
    sender: { id: options.visitorId },
    message: { type: options.type },
  })
  if (outcome.kind !== 'accepted')
    options.log.warn('typing notification not delivered', { outcome: outcome.kind })
  return outcome
}

/** The widget's `typing` event for an agent's typein/typeout (A3), with the agent's name if sent. */
export function agentTypingEvent(message: TypingMessage, agentName?: string): TransientEvent {
  return {
    event: 'typing',
    data: { typing: message.type === 'typein', ...(agentName ? { name: agentName } : {}) },
  }
}

/** Service -> visitor: pushes an agent's typing to the visitor's open streams, never stored. */
export async function publishAgentTyping(options: {
  store: Pick<Store, 'publish'>
  visitorId: string
  message: TypingMessage
  agentName?: string
  log: Logger
}): Promise<void> {
  await options.store
    .publish(options.visitorId, agentTypingEvent(options.message, options.agentName))
    .catch((error: unknown) => {
      options.log.warn('typing notification not published', { error })
    })
}
