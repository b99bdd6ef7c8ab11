import type { Logger } from '../../../server/logging/logger'
import type { ServiceToProviderEvent } from '../../../shared/protocol'
import { callBot } from '../delivery/bot-client'
import type { SandboxTimings } from '../options'
import type { Chats } from './chats'
import type { Chat } from './model'
import type { Pending } from './pending'
import type { Registry } from './registry'
import type { TrafficLog } from './traffic-log'

export type BotDispatcherContext = {
  registry: Registry
  chats: Chats
  traffic: TrafficLog
  timings: SandboxTimings
  pending: Pending
  fetch: typeof fetch
  logger: Logger
}

/** B2: events to a chat's bot provider, in order, with the spec's timeout and retries. */
export interface BotDispatcher {
  /** Queues an event for the chat's provider; `build` runs when its turn comes. */
  send(chat: Chat, build: () => ServiceToProviderEvent): void
}

export function createBotDispatcher(context: BotDispatcherContext): BotDispatcher {
  const { registry, chats, traffic, timings, pending, logger } = context
  const queues = new Map<string, Promise<void>>()

  /** The provider did not answer: the customer goes to agents and the bot is not called again. */
  const failed = (chat: Chat, kind: string, reason: string): void => {
    const wasHandling = chat.bot === 'active'
    chat.bot = 'failed'
    if (chat.state === 'bot') chat.state = 'queued'
    const outcome =
      wasHandling && chat.state !== 'closed'
        ? ': the chat is transferred to agents and the bot is not called again for it'
        : ''
    chats.add(chat, {
      author: 'system',
      level: 'error',
      text: `The bot provider did not take ${kind}: ${reason}${outcome}`,
    })
  }

  const post = async (chat: Chat, event: ServiceToProviderEvent): Promise<void> => {
    // After an agent joined only AGENT_JOINED and CHAT_CLOSED go; after a failure nothing.
    const allowed =
      chat.bot === 'active' ||
      (chat.bot === 'ended' && (event.event === 'AGENT_JOINED' || event.event === 'CHAT_CLOSED'))
    const provider = chat.botProviderId ? registry.botProviders.get(chat.botProviderId) : undefined
    if (!allowed || !provider) return
    const url = `${provider.endpointUrl.replace(/\/+$/, '')}/${provider.token}`
    const result = await callBot({
      fetch: context.fetch,
      url,
      event,
      timeoutMs: timings.botTimeoutMs,
      retries: timings.botRetries,
      onAttempt: (attempt, outcome) => {
        const error = outcome.ok ? undefined : outcome.error
        traffic.record({
          interface: 'B2',
          direction: 'out',
          method: 'POST',
          target: url,
          ok: outcome.ok,
          status: outcome.status,
          error,
          request: event,
          chatId: chat.id,
          attempt,
        })
      },
    })
    if (!result.ok) failed(chat, event.event, `${result.error} (${result.attempts} attempts)`)
  }

  return {
    send(chat, build) {
      // One queue per customer on a channel: the provider sees a chat's events in order, and
      // a closed chat's CHAT_CLOSED before the next chat's first CLIENT_MESSAGE.
      const queue = `${chat.channelId}:${chat.clientId}`
      const previous = queues.get(queue) ?? Promise.resolve()
      const next = previous
        .then(() => post(chat, build()))
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
