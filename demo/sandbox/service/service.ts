import {
  type AgentMessage,
  type CustomerMessage,
  isTypingMessage,
  type ProviderToServiceEvent,
  plainTextFallback,
  type Sender,
  type ServiceToProviderEvent,
} from '../../../shared/protocol'
import { cutText } from '../../../shared/text'
import { deliverAgentMessage } from '../delivery/agent-delivery'
import type { AttemptOutcome } from '../delivery/attempts'
import { callBot } from '../delivery/bot-client'
import type { SandboxTimings } from '../options'
import { chatClosedEvent, chatEvent, clientMessageEvent } from './bot-events'
import { Chats } from './chats'
import { SandboxError } from './errors'
import { type ConsoleState, SandboxEvents } from './events'
import { newId } from './ids'
import { AgentAction, AgentMessageInput } from './inputs'
import type { BotProvider, Channel, Chat, ChatEntry, Delivery } from './model'
import { RegistryService } from './registry-service'
import type { SandboxState } from './state'
import { TrafficLog } from './traffic-log'

export type SandboxServiceOptions = {
  timings: SandboxTimings
  fetch: typeof fetch
  publicUrl: string
  trafficLimit: number
  state?: SandboxState
  /** Called after every change, e.g. to persist the state. */
  onChange?: () => void
}

/** What an agent message call returns: the thread entry (not for typing) and its outcome. */
export type AgentMessageResult = { entry?: ChatEntry; delivery: Promise<Delivery> }

/**
 * The in-memory conversation service: the service side of the Chat channel (A1-A3) and of
 * the Bot interface (B1-B2), plus what its agents' application does.
 */
export class SandboxService extends RegistryService {
  readonly events: SandboxEvents
  readonly traffic: TrafficLog
  readonly chats: Chats
  readonly timings: SandboxTimings
  readonly #fetch: typeof fetch
  readonly #pending = new Set<Promise<unknown>>()
  readonly #botQueues = new Map<string, Promise<void>>()

  constructor(options: SandboxServiceOptions) {
    const events = new SandboxEvents()
    super(options.publicUrl, events, options.state, options.onChange)
    this.events = events
    this.timings = options.timings
    this.#fetch = options.fetch
    this.traffic = new TrafficLog(options.trafficLimit, (entry) =>
      events.emit({ type: 'traffic', entry }),
    )
    this.chats = new Chats(this.registry, options.state, (chat) => {
      events.emit({ type: 'chat', chat })
      options.onChange?.()
    })
  }

  /** A2: a valid customer message (sender.id present) on a known channel. */
  receiveCustomerMessage(channel: Channel, body: CustomerMessage): { chatId?: string } {
    const { sender, message } = body
    const open = this.chats.openChat(channel.id, String(sender.id))
    if (isTypingMessage(message)) {
      // Typing alone opens no chat; it only drives the indicator of an open one.
      if (open) this.chats.setCustomerTyping(open, message.type === 'typein')
      return open ? { chatId: open.id } : {}
    }
    const chat = open ?? this.chats.open(channel, sender)
    this.#updateCard(chat, sender)
    const stored = message.type === 'text' ? { ...message, text: cutText(message.text) } : message
    const entry = this.chats.add(chat, { author: 'customer', message: stored })
    if (chat.bot === 'active') {
      this.#toBot(chat, () =>
        clientMessageEvent(chat, entry, { agentsOnline: this.registry.isAvailable(channel) }),
      )
    }
    return { chatId: chat.id }
  }

  /** Sends an agent message of any spec 2.4 type into a chat (A3); replying accepts the chat. */
  sendAgentMessage(chatId: string, input: AgentMessageInput): AgentMessageResult {
    const { agentId, message } = AgentMessageInput.parse(input)
    const chat = this.chats.get(chatId)
    if (chat.state === 'closed') {
      throw new SandboxError(
        'conflict',
        `Chat ${chatId} is closed: the customer's next message opens a new chat`,
      )
    }
    const agent = this.chats.actingAgent(chat, agentId)
    const sender = agent.photo ? { name: agent.name, photo: agent.photo } : { name: agent.name }
    if (isTypingMessage(message)) {
      const delivery: Delivery = { status: 'pending', attempts: [] }
      const body = { sender, recipient: { id: chat.senderId }, message: { type: message.type } }
      return { delivery: this.#deliver(chat, delivery, body, 1) }
    }
    if (chat.agentId !== agent.id || chat.state !== 'active')
      this.joinChat(chat.id, { agentId: agent.id })
    const id = newId()
    const entry = this.chats.add(chat, {
      id,
      author: 'agent',
      name: agent.name,
      agentId: agent.id,
      message: { ...message, id },
      delivery: { status: 'pending', attempts: [] },
    })
    return { entry, delivery: this.#deliverEntry(chat, entry, sender) }
  }

  /** The agent accepts the chat; a bot that had it gets AGENT_JOINED and is not called again. */
  joinChat(chatId: string, action: AgentAction = {}): Chat {
    const chat = this.chats.get(chatId)
    if (chat.state === 'closed') throw new SandboxError('conflict', `Chat ${chatId} is closed`)
    const agent = this.chats.actingAgent(chat, AgentAction.parse(action).agentId)
    if (chat.state === 'active' && chat.agentId === agent.id) return chat
    chat.agentId = agent.id
    chat.state = 'active'
    chat.unread = 0
    this.chats.add(chat, { author: 'system', text: `${agent.name} joined the chat` })
    if (chat.bot === 'active') {
      chat.bot = 'ended'
      this.#toBot(chat, () => chatEvent('AGENT_JOINED', chat))
    }
    this.chats.changed(chat)
    return chat
  }

  /** Closes the chat; the customer's next message opens a new one (the bot gets it first). */
  closeChat(chatId: string, action: AgentAction = {}): Chat {
    const chat = this.chats.get(chatId)
    if (chat.state === 'closed') return chat
    const agentId = AgentAction.parse(action).agentId
    const by = agentId ? ` by ${this.registry.agent(agentId).name}` : ''
    chat.state = 'closed'
    chat.closedAt = Date.now()
    chat.customerTyping = false
    this.chats.add(chat, { author: 'system', text: `Chat closed${by}` })
    if (chat.bot === 'active' || chat.bot === 'ended')
      this.#toBot(chat, () => chatClosedEvent(chat))
    return chat
  }

  /** B1: an event of a provider whose token matched. Unknown or closed chats are refused. */
  receiveBotEvent(provider: BotProvider, event: ProviderToServiceEvent): Chat {
    const chat = this.chats.forBot(provider.providerId, event.chat_id, event.client_id)
    if (event.event === 'INVITE_AGENT') {
      this.#inviteAgent(chat)
      return chat
    }
    const text = plainTextFallback(event.message)
    const base = { author: 'bot' as const, name: provider.name, botMessage: event.message }
    if (text === undefined) {
      this.chats.add(chat, {
        ...base,
        delivery: {
          status: 'not_sent',
          attempts: [],
          error: `Not sent: a ${event.message.type} message without a plain-text fallback (message.text) cannot be shown on a Chat API channel`,
        },
      })
      return chat
    }
    const id = newId()
    const entry = this.chats.add(chat, {
      ...base,
      id,
      message: { type: 'text', id, text },
      delivery: { status: 'pending', attempts: [] },
    })
    void this.#deliverEntry(chat, entry, { name: provider.name })
    return chat
  }

  consoleState(): ConsoleState {
    return {
      publicUrl: this.publicUrl,
      timings: this.timings,
      channels: this.listChannels(),
      agents: this.listAgents(),
      botProviders: this.listBotProviders(),
      chats: this.chats.list(),
    }
  }

  /** Resolves when every delivery and bot call under way has finished. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending])
  }

  snapshot(): SandboxState {
    return { version: 1, ...this.registry.snapshot(), ...this.chats.snapshot() }
  }

  #updateCard(chat: Chat, sender: Sender): void {
    const card = chat.customer
    for (const field of ['name', 'phone', 'email', 'photo', 'url'] as const) {
      const value = sender[field]
      if (typeof value === 'string' && value.length > 0) card[field] = value
    }
    if (sender.invite && sender.invite !== card.invite) {
      card.invite = sender.invite
      this.chats.add(chat, {
        author: 'system',
        text: `Invitation shown to the customer: “${sender.invite}”`,
      })
    }
  }

  #inviteAgent(chat: Chat): void {
    if (chat.state === 'bot') chat.state = 'queued'
    this.chats.add(chat, { author: 'system', text: 'The bot invited an agent' })
    if (!this.registry.isAvailable(this.registry.channel(chat.channelId))) {
      this.chats.add(chat, {
        author: 'system',
        text: 'No agent is online: the bot was sent AGENT_UNAVAILABLE',
      })
      this.#toBot(chat, () => chatEvent('AGENT_UNAVAILABLE', chat))
    }
  }

  #deliverEntry(
    chat: Chat,
    entry: ChatEntry,
    sender: { name: string; photo?: string },
  ): Promise<Delivery> {
    const delivery = entry.delivery ?? { status: 'pending', attempts: [] }
    const message = entry.message
    if (!message) throw new Error('sandbox: a thread entry without a message cannot be delivered')
    const body = { sender, recipient: { id: chat.senderId }, message }
    return this.#deliver(chat, delivery, body, this.timings.deliveryAttempts).then((result) => {
      if (result.status === 'failed') {
        this.chats.add(chat, {
          author: 'system',
          level: 'error',
          text: `Message not delivered: ${result.error}`,
        })
      }
      return result
    })
  }

  #deliver(
    chat: Chat,
    delivery: Delivery,
    body: AgentMessage,
    attempts: number,
  ): Promise<Delivery> {
    const onAttempt = (attempt: number, outcome: AttemptOutcome, url: string) => {
      const error = outcome.ok ? undefined : outcome.error
      delivery.attempts.push({
        attempt,
        at: Date.now(),
        ok: outcome.ok,
        ...(outcome.status ? { status: outcome.status } : {}),
        ...(error ? { error } : {}),
      })
      this.traffic.record({
        interface: 'A3',
        direction: 'out',
        method: 'POST',
        target: url,
        ok: outcome.ok,
        status: outcome.status,
        error,
        request: body,
        response: outcome.response,
        chatId: chat.id,
        attempt,
      })
      this.chats.changed(chat)
    }
    const run = deliverAgentMessage({
      channel: () => this.registry.channel(chat.channelId),
      body,
      timings: this.timings,
      attempts,
      onAttempt,
    }).then((result) => {
      if (result.ok) {
        delivery.status = 'delivered'
      } else {
        delivery.status = 'failed'
        delivery.error = `delivery failed after ${result.attempts} attempt${result.attempts === 1 ? '' : 's'}: ${result.error}`
      }
      this.chats.changed(chat)
      return delivery
    })
    return this.#track(run)
  }

  #toBot(chat: Chat, build: () => ServiceToProviderEvent): void {
    // One queue per customer on a channel: the provider sees a chat's events in order, and
    // a closed chat's CHAT_CLOSED before the next chat's first CLIENT_MESSAGE.
    const queue = `${chat.channelId}:${chat.clientId}`
    const previous = this.#botQueues.get(queue) ?? Promise.resolve()
    const next = previous
      .then(async () => {
        const event = build()
        // After an agent joined only AGENT_JOINED and CHAT_CLOSED go; after a failure nothing.
        const allowed =
          chat.bot === 'active' ||
          (chat.bot === 'ended' &&
            (event.event === 'AGENT_JOINED' || event.event === 'CHAT_CLOSED'))
        const provider = chat.botProviderId
          ? this.registry.botProviders.get(chat.botProviderId)
          : undefined
        if (!allowed || !provider) return
        const url = `${provider.endpointUrl.replace(/\/+$/, '')}/${provider.token}`
        const result = await callBot({
          fetch: this.#fetch,
          url,
          event,
          timeoutMs: this.timings.botTimeoutMs,
          retries: this.timings.botRetries,
          onAttempt: (attempt, outcome) => {
            const error = outcome.ok ? undefined : outcome.error
            this.traffic.record({
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
        if (!result.ok)
          this.#botFailed(chat, event.event, `${result.error} (${result.attempts} attempts)`)
      })
      .catch((error: unknown) => {
        // The queue must go on: a bug here must not silence the bot for this customer.
        console.error('sandbox: a bot event could not be sent', error)
      })
    this.#botQueues.set(queue, next)
    void next.then(() => {
      if (this.#botQueues.get(queue) === next) this.#botQueues.delete(queue)
    })
    this.#track(next)
  }

  #botFailed(chat: Chat, kind: string, reason: string): void {
    const wasHandling = chat.bot === 'active'
    chat.bot = 'failed'
    if (chat.state === 'bot') chat.state = 'queued'
    const outcome =
      wasHandling && chat.state !== 'closed'
        ? ': the chat is transferred to agents and the bot is not called again for it'
        : ''
    this.chats.add(chat, {
      author: 'system',
      level: 'error',
      text: `The bot provider did not take ${kind}: ${reason}${outcome}`,
    })
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#pending.add(promise)
    const done = () => this.#pending.delete(promise)
    promise.then(done, done)
    return promise
  }
}
