import type { Logger } from '../../../server/logging/logger'
import {
  type CustomerMessage,
  isTypingMessage,
  type ProviderToServiceEvent,
  plainTextFallback,
  type Sender,
} from '../../../shared/protocol'
import { cutText } from '../../../shared/text'
import type { SandboxTimings } from '../options'
import { type AgentDeliveries, createAgentDeliveries } from './agent-deliveries'
import { type BotDispatcher, createBotDispatcher } from './bot-dispatcher'
import { chatClosedEvent, chatEvent, clientMessageEvent } from './bot-events'
import { type Chats, createChats } from './chats'
import { SandboxError } from './errors'
import { type ConsoleState, createSandboxEvents, type SandboxEvents } from './events'
import { newId } from './ids'
import { AgentAction, AgentMessageInput } from './inputs'
import type { BotProvider, Channel, Chat, ChatEntry, Delivery } from './model'
import { createPending } from './pending'
import { RegistryService } from './registry-service'
import type { SandboxState } from './state'
import { createTrafficLog, type TrafficLog } from './traffic-log'

export type SandboxServiceOptions = {
  timings: SandboxTimings
  fetch: typeof fetch
  publicUrl: string
  trafficLimit: number
  state?: SandboxState
  /** Called after every change, e.g. to persist the state. */
  onChange?: () => void
  /** Where failures that no request can answer are reported (a throwing listener, a lost bot event). */
  logger: Logger
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
  readonly #pending = createPending()
  readonly #agentDeliveries: AgentDeliveries
  readonly #bot: BotDispatcher

  constructor(options: SandboxServiceOptions) {
    const events = createSandboxEvents(options.logger)
    super(options.publicUrl, events, options.state, options.onChange)
    this.events = events
    this.timings = options.timings
    this.traffic = createTrafficLog(options.trafficLimit, (entry) =>
      events.emit({ type: 'traffic', entry }),
    )
    this.chats = createChats(this.registry, options.state, (chat) => {
      events.emit({ type: 'chat', chat })
      options.onChange?.()
    })
    const context = {
      registry: this.registry,
      chats: this.chats,
      traffic: this.traffic,
      timings: this.timings,
      pending: this.#pending,
    }
    this.#agentDeliveries = createAgentDeliveries(context)
    this.#bot = createBotDispatcher({ ...context, fetch: options.fetch, logger: options.logger })
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
      this.#bot.send(chat, () =>
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
      return { delivery: this.#agentDeliveries.deliver(chat, delivery, body, 1) }
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
    return { entry, delivery: this.#agentDeliveries.deliverEntry(chat, entry, sender) }
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
      this.#bot.send(chat, () => chatEvent('AGENT_JOINED', chat))
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
      this.#bot.send(chat, () => chatClosedEvent(chat))
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
          error:
            event.message.type === 'TEXT'
              ? 'Not sent: the TEXT message is empty'
              : `Not sent: a ${event.message.type} message without a plain-text fallback (message.text) cannot be shown on a Chat API channel`,
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
    void this.#agentDeliveries.deliverEntry(chat, entry, { name: provider.name })
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
  settled(): Promise<void> {
    return this.#pending.settled()
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
      this.#bot.send(chat, () => chatEvent('AGENT_UNAVAILABLE', chat))
    }
  }
}
