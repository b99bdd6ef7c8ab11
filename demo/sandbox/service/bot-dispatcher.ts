import type { Logger } from '../../../server/logging/logger'
import type { ServiceToProviderEvent } from '../../../shared/protocol'
import { callBot } from '../delivery/bot-client'
import type { SandboxTimings } from '../options'
import { entryFrom, withEntry } from './chat-record'
import type { Chats } from './chats'
import type { Chat } from './model'
import type { Pending } from './pending'
import type { Registry } from './registry'
import { sentAttempt, type TrafficLog } from './traffic-log'

export type BotDispatcherContext = {
  registry: Registry
  chats: Chats
  traffic: TrafficLog
  timings: SandboxTimings
  pending: Pending
  fetch: typeof fetch
  logger: Logger
}

/**
 * B2: events to a chat's bot provider, in order, with the spec's timeout and retries. A
 * queued event keeps the chat's id: when its turn comes it is built from the chat as it
 * is then, and an outcome is written to the chat as it is after the call.
 */
export interface BotDispatcher {
  /** Queues an event for the chat's provider; `build` gets the chat when the event's turn comes. */
  send(chatId: string, build: (chat: Chat) => ServiceToProviderEvent): void
}

/** After an agent joined only AGENT_JOINED and CHAT_CLOSED go; after a failure nothing. */
function botMayGet(chat: Chat, event: ServiceToProviderEvent): boolean {
  if (chat.bot === 'active') return true
  return chat.bot === 'ended' && (event.event === 'AGENT_JOINED' || event.event === 'CHAT_CLOSED')
}

/** The provider did not answer: the customer goes to agents and the bot is not called again. */
function withBotFailed(chat: Chat): Chat {
  return { ...chat, bot: 'failed', state: chat.state === 'bot' ? 'queued' : chat.state }
}

export function createBotDispatcher(context: BotDispatcherContext): BotDispatcher {
  const { registry, chats, traffic, timings, pending, logger } = context
  const queues = new Map<string, Promise<void>>()

  const failed = (chatId: string, kind: string, reason: string): void => {
    chats.update(chatId, (chat) => {
      const outcome =
        chat.bot === 'active' && chat.state !== 'closed'
          ? ': the chat is transferred to agents and the bot is not called again for it'
          : ''
      const text = `The bot provider did not take ${kind}: ${reason}${outcome}`
      return withEntry(
        withBotFailed(chat),
        entryFrom({ author: 'system', level: 'error', text }, Date.now()),
      )
    })
  }

  const post = async (
    chatId: string,
    build: (chat: Chat) => ServiceToProviderEvent,
  ): Promise<void> => {
    const chat = chats.get(chatId)
    const event = build(chat)
    const provider = chat.botProviderId ? registry.botProviders.get(chat.botProviderId) : undefined
    if (!botMayGet(chat, event) || !provider) return
    const url = `${provider.endpointUrl.replace(/\/+$/, '')}/${provider.token}`
    const result = await callBot({
      fetch: context.fetch,
      url,
      event,
      timeoutMs: timings.botTimeoutMs,
      retries: timings.botRetries,
      onAttempt: (attempt, outcome) => {
        traffic.record(
          sentAttempt({ interface: 'B2', url, request: event, chatId }, attempt, outcome),
        )
      },
    })
    if (!result.ok) failed(chatId, event.event, `${result.error} (${result.attempts} attempts)`)
  }

  return {
    send(chatId, build) {
      // One queue per customer on a channel: the provider sees a chat's events in order, and
      // a closed chat's CHAT_CLOSED before the next chat's first CLIENT_MESSAGE.
      const { channelId, clientId } = chats.get(chatId)
      const queue = `${channelId}:${clientId}`
      const previous = queues.get(queue) ?? Promise.resolve()
      const next = previous
        .then(() => post(chatId, build))
        .catch((error: unknown) => {
          // The queue must go on: a bug here must not silence the bot for this customer.
          logger.error('sandbox: a bot event could not be sent', { error })
        })
      queues.set(queue, next)
      void next.then(() => {
        if (queues.get(queue) === next) queues.delete(queue)
      })
      pending.track(next)
    },
  }
}
