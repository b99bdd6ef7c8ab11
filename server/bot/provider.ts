import type { Hono } from 'hono'
import type { ServiceToProviderEvent } from '../../shared/protocol'
import { isHttpUrl } from '../../shared/url'
import { settlesWithin } from '../operations/settles-within'
import { createChatLock } from './chat-lock'
import { createChatQueue } from './chat-queue'
import { BotConfigError, BotShutdownError, InvalidBotEventError } from './errors'
import { createEventDedupe } from './event-dedupe'
import { type BotLogger, defaultBotLogger } from './logger'
import { type BotReply, type OutgoingBotEvent, toWireEvent } from './outgoing'
import { createPendingEvents } from './pending-events'
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
  /**
   * Handles the events a previous run took and did not finish (kept in the store), oldest
   * first; call once at start. Without a store there are none.
   */
  resume(): Promise<void>
  /**
   * Stops taking events (503, so the service retries elsewhere) and waits for the ones
   * being handled, at most `timeoutMs` (default: as long as they take). Then the sends
   * under way stop; what is not handled stays in the store for resume() at the next start.
   */
  close(timeoutMs?: number): Promise<void>
}

const ABORT_GRACE_MS = 1000

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
  const dedupeTtlMs = options.dedupeTtlMs ?? 24 * 60 * 60 * 1000
  // Aborted when a shutdown runs out of time: sends stop, queued events stay stored.
  const stopping = new AbortController()
  const sender = createBotSender({
    url: `${base}/webhooks/${encodeURIComponent(options.providerId)}/${encodeURIComponent(options.token)}`,
    fetch: options.fetch ?? fetch,
    logger,
    timeoutMs: options.timeoutMs ?? 3000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    now,
    signal: stopping.signal,
  })
  const dedupe = createEventDedupe({
    store: options.store,
    ttlMs: dedupeTtlMs,
    maxEntries: 10_000,
  })
  const queue = createChatQueue(logger)
  const lock = options.store ? createChatLock({ store: options.store, logger }) : undefined
  const pending = createPendingEvents(options.store, dedupeTtlMs, logger)
  // Events queued on this instance, so resume() does not queue one twice.
  const queued = new Set<string>()
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

  // A send cut short by the shutdown ends the handling (the brain does not go on as if
  // the service had refused it): the event stays stored and is handled again at start.
  async function unlessStopping(result: Promise<SendResult>): Promise<SendResult> {
    const outcome = await result
    if (!outcome.ok && stopping.signal.aborted) throw new BotShutdownError()
    return outcome
  }

  function contextFor(event: ServiceToProviderEvent): BotContext {
    const clientId = event.client_id
    return {
      eventId: event.id,
      chatId: event.chat_id,
      clientId,
      reply: (message) => unlessStopping(sendMessage(event.chat_id, clientId, message)),
      inviteAgent: async () => {
        if (!clientId)
          throw new InvalidBotEventError(
            `Cannot invite an agent for ${event.event}: it carries no client_id`,
          )
        return unlessStopping(inviteAgent(event.chat_id, clientId))
      },
      logger,
    }
  }

  /** Queues a stored event: handled in order per chat, then forgotten. */
  function enqueue(event: ServiceToProviderEvent): void {
    if (queued.has(event.id)) return
    queued.add(event.id)
    const fields = { eventId: event.id, event: event.event, chatId: event.chat_id }
    const handle = async () => {
      try {
        // Not started before the shutdown's time ran out: left for the next start.
        if (stopping.signal.aborted) return
        // Another instance resuming it (or this one, twice) may have handled it already.
        if (!(await pending.isPending(event.id))) return
        try {
          await options.onEvent(event, contextFor(event))
        } catch (error) {
          if (stopping.signal.aborted) {
            logger.info(
              'bot event cut short by the shutdown; it is handled at the next start',
              fields,
            )
            return
          }
          await pending.done(event.id)
          throw error
        }
        await pending.done(event.id)
      } finally {
        queued.delete(event.id)
      }
    }
    queue.run(event.chat_id, lock ? () => lock(event.chat_id, handle) : handle, fields)
  }

  const routes = createBotReceiver({
    token: options.token,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    logger,
    async accept(event) {
      if (closed) return 'closed'
      if (!(await dedupe.firstSeen(event.id))) return 'duplicate'
      try {
        // Kept before the 200: a shutdown or crash before it is handled does not lose it.
        await pending.save(event, now())
      } catch (error) {
        // Not taken after all: the service's retry must be processed.
        await dedupe.forget(event.id).catch(() => {})
        throw error
      }
      enqueue(event)
      return 'accepted'
    },
  })

  return {
    routes,
    send,
    sendMessage,
    inviteAgent,
    settled: () => queue.idle(),
    async resume() {
      const events = await pending.list()
      if (events.length > 0)
        logger.info('resuming bot events a previous run did not finish', { count: events.length })
      for (const event of events) enqueue(event)
    },
    async close(timeoutMs) {
      closed = true
      if (timeoutMs === undefined) return queue.idle()
      if (await settlesWithin(queue.idle(), timeoutMs)) return
      logger.warn('shutdown: bot events still queued; they are kept for the next start', {
        chats: queue.pending,
      })
      stopping.abort()
      // The sends under way stop at once; a chat waiting on another instance's lock may
      // take longer: not waited for (its event stays stored).
      await settlesWithin(queue.idle(), ABORT_GRACE_MS)
    },
  }
}
