import type { Hono } from 'hono'
import type { ServiceToProviderEvent } from '../../shared/protocol'
import { isHttpUrl } from '../../shared/url'
import { createChatLock } from './chat-lock'
import { createChatQueue } from './chat-queue'
import { BotConfigError, InvalidBotEventError } from './errors'
import { createEventDedupe } from './event-dedupe'
import { type BotLogger, defaultBotLogger } from './logger'
import { type BotReply, type OutgoingBotEvent, toWireEvent } from './outgoing'
import { createBotReceiver } from './receiver'
import { createBotSender, type SendResult } from './sender'
import type { BotStore } from './store'

/** What a brain gets with each event: where it came from and how to answer. */
export type BotContext = {
  eventId: string
  chatId: string
  /** Absent only on a CHAT_CLOSED without client_id. */
  clientId: string | undefined
  /** Sends BOT_MESSAGE to this chat: plain text or a TEXT / MARKDOWN / BUTTONS message. */
  reply(message: BotReply): Promise<SendResult>
  /** Sends INVITE_AGENT: hands this customer to an agent. */
  inviteAgent(): Promise<SendResult>
  logger: BotLogger
}

export type BotEventHandler = (
  event: ServiceToProviderEvent,
  ctx: BotContext,
) => Promise<void> | void

export type BotProviderOptions = {
  /** The token the site owner enters in the service's bot channel settings; the last path segment both ways. */
  token: string
  /** The provider id issued by the service operator. */
  providerId: string
  /** {bot_base_url} of the service; B1 goes to {baseUrl}/webhooks/{providerId}/{token}. */
  baseUrl: string
  /** The brain: called once per distinct event, in order per chat, after the 200 went out. */
  onEvent: BotEventHandler
  fetch?: typeof fetch
  /**
   * Makes event de-duplication shared and durable, and keeps instances sharing it
   * from handling one chat at the same time; without it an in-memory LRU is used.
   */
  store?: BotStore
  logger?: BotLogger
  /** Per B1 attempt; spec: 3000. */
  timeoutMs?: number
  /** B1 retries after the first attempt; spec: 2. */
  retries?: number
  /** First back-off after a 5xx/timeout/connection error, doubling per retry; default 500. */
  retryDelayMs?: number
  /** Longest Retry-After honoured on 429/503 before giving up; default 10000. */
  maxRetryAfterMs?: number
  /** How long a B2 event id is remembered; default 24 h. */
  dedupeTtlMs?: number
  /** Largest B2 body accepted; default 64 KB. */
  maxBodyBytes?: number
  now?: () => number
}

export type BotProvider = {
  /** Mount at /bot: handles POST /bot/:token (B2). */
  routes: Hono
  /** Sends a B1 event; the id and message timestamp are filled in. Resolves with the outcome, never rejects for network failures. */
  send(event: OutgoingBotEvent): Promise<SendResult>
  sendMessage(chatId: string, clientId: string | undefined, message: BotReply): Promise<SendResult>
  inviteAgent(chatId: string, clientId: string): Promise<SendResult>
  /** Resolves once every event taken so far has been handled (its replies sent or given up). */
  settled(): Promise<void>
  /** Stops taking events (503, so the service retries elsewhere) and waits for the ones being handled. */
  close(): Promise<void>
}

function checkOptions(options: BotProviderOptions): void {
  if (!options.token || /[\s/]/.test(options.token)) {
    throw new BotConfigError('BOT_TOKEN must be a non-empty string without spaces or slashes')
  }
  if (!options.providerId.trim()) {
    throw new BotConfigError(
      'BOT_PROVIDER_ID is empty: ask the service operator for your provider id',
    )
  }
  if (!isHttpUrl(options.baseUrl)) {
    throw new BotConfigError(
      `BOT_BASE_URL must be an http(s) URL, got ${JSON.stringify(options.baseUrl)}`,
    )
  }
  for (const key of [
    'timeoutMs',
    'retries',
    'retryDelayMs',
    'maxRetryAfterMs',
    'dedupeTtlMs',
    'maxBodyBytes',
  ] as const) {
    const value = options[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      throw new BotConfigError(
        `createBotProvider: ${key} must be a non-negative integer, got ${value}`,
      )
    }
  }
}

/**
 * The provider side of the Bot interface (spec B): receives events at `routes`
 * and hands each distinct one to `onEvent` with reply helpers.
 *
 * @example
 * const bot = createBotProvider({ token, providerId, baseUrl, onEvent: async (event, ctx) => {
 *   if (event.event === 'CLIENT_MESSAGE') await ctx.reply(`You said: ${event.message.type === 'TEXT' ? event.message.text : '…'}`)
 * } })
 * app.route('/bot', bot.routes)
 */
export function createBotProvider(options: BotProviderOptions): BotProvider {
  checkOptions(options)
  const logger = options.logger ?? defaultBotLogger(options.token)
  const now = options.now ?? Date.now
  const base = options.baseUrl.replace(/\/+$/, '')
  const sender = createBotSender({
    url: `${base}/webhooks/${encodeURIComponent(options.providerId)}/${encodeURIComponent(options.token)}`,
    fetch: options.fetch ?? fetch,
    logger,
    timeoutMs: options.timeoutMs ?? 3000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    now,
  })
  const dedupe = createEventDedupe({
    store: options.store,
    ttlMs: options.dedupeTtlMs ?? 24 * 60 * 60 * 1000,
    maxEntries: 10_000,
  })
  const queue = createChatQueue(logger)
  const lock = options.store ? createChatLock({ store: options.store, logger }) : undefined
  let closed = false

  const send = async (event: OutgoingBotEvent) => sender.send(toWireEvent(event, now(), logger))
  const sendMessage = (chatId: string, clientId: string | undefined, message: BotReply) =>
    send({
      event: 'BOT_MESSAGE',
      chat_id: chatId,
      ...(clientId ? { client_id: clientId } : {}),
      message,
    })
  const inviteAgent = (chatId: string, clientId: string) =>
    send({ event: 'INVITE_AGENT', chat_id: chatId, client_id: clientId })

  function contextFor(event: ServiceToProviderEvent): BotContext {
    const clientId = event.client_id
    return {
      eventId: event.id,
      chatId: event.chat_id,
      clientId,
      reply: (message) => sendMessage(event.chat_id, clientId, message),
      inviteAgent: async () => {
        if (!clientId)
          throw new InvalidBotEventError(
            `Cannot invite an agent for ${event.event}: it carries no client_id`,
          )
        return inviteAgent(event.chat_id, clientId)
      },
      logger,
    }
  }

  const routes = createBotReceiver({
    token: options.token,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    logger,
    async accept(event) {
      if (closed) return 'closed'
      if (!(await dedupe.firstSeen(event.id))) return 'duplicate'
      const fields = { eventId: event.id, event: event.event, chatId: event.chat_id }
      const handle = async () => options.onEvent(event, contextFor(event))
      queue.run(event.chat_id, lock ? () => lock(event.chat_id, handle) : handle, fields)
      return 'accepted'
    },
  })

  return {
    routes,
    send,
    sendMessage,
    inviteAgent,
    settled: () => queue.idle(),
    async close() {
      closed = true
      await queue.idle()
    },
  }
}
