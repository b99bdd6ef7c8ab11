import type { Logger } from '../../../server/logging/logger'
import {
  type CustomerMessage,
  isTypingMessage,
  type ProviderToServiceEvent,
  plainTextFallback,
} from '../../../shared/protocol'
import { cutText } from '../../../shared/text'
import { createMailbox, type Mailbox } from '../mail/mailbox'
import type { SandboxTimings } from '../options'
import { createAgentDeliveries } from './agent-deliveries'
import { createBotDispatcher } from './bot-dispatcher'
import { agentJoinedEvent, chatClosedEvent, chatEvent, clientMessageEvent } from './bot-events'
import { entryFrom, withCard, withEntry } from './chat-record'
import { type Chats, createChats } from './chats'
import { SandboxError } from './errors'
import { type ConsoleState, createSandboxEvents, type SandboxEvents } from './events'
import { newId } from './ids'
import { AgentAction, AgentMessageInput } from './inputs'
import type { BotProvider, Channel, Chat, ChatEntry, DeliveryLog } from './model'
import { createPending } from './pending'
import { createRegistryService, type RegistryService } from './registry-service'
import type { SandboxState } from './state'
import { createTrafficLog, type TrafficLog } from './traffic-log'
import { createTypingExpiry } from './typing-expiry'

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
  /** Porthole's inbound e-mail route, where the mailbox's "Reply as the visitor" posts. */
  inboundEmailUrl?: string
}

/** What an agent message call returns: the thread entry (not for typing) and its outcome. */
export type AgentMessageResult = { entry?: ChatEntry; delivery: Promise<DeliveryLog> }

/**
 * The in-memory conversation service: the service side of the Chat channel (A1-A3) and of
 * the Bot interface (B1-B2), plus what its agents' application does. The account settings
 * come from the registry service it is composed with.
 */
export interface SandboxService extends RegistryService {
  readonly events: SandboxEvents
  readonly traffic: TrafficLog
  readonly chats: Chats
  readonly timings: SandboxTimings
  /** The e-mails the sandbox's SMTP server took (see startSandbox's smtpPort). */
  readonly mailbox: Mailbox
  /** A2: a valid customer message (sender.id present) on a known channel. */
  receiveCustomerMessage(channel: Channel, body: CustomerMessage): { chatId?: string }
  /** Sends an agent message of any spec 2.4 type into a chat (A3); replying accepts the chat. */
  sendAgentMessage(chatId: string, input: AgentMessageInput): AgentMessageResult
  /** The agent accepts the chat; a bot that had it gets AGENT_JOINED and is not called again. */
  joinChat(chatId: string, action?: AgentAction): Chat
  /** Closes the chat; the customer's next message opens a new one (the bot gets it first). */
  closeChat(chatId: string, action?: AgentAction): Chat
  /** B1: an event of a provider whose token matched. Unknown or closed chats are refused. */
  receiveBotEvent(provider: BotProvider, event: ProviderToServiceEvent): Chat
  consoleState(): ConsoleState
  /** Resolves when every delivery and bot call under way has finished. */
  settled(): Promise<void>
  snapshot(): SandboxState
}

export function createSandboxService(options: SandboxServiceOptions): SandboxService {
  const events = createSandboxEvents(options.logger)
  const mailbox = createMailbox({
    emit: (event) => events.emit(event),
    fetch: options.fetch,
    ...(options.inboundEmailUrl ? { inboundUrl: options.inboundEmailUrl } : {}),
  })
  const settings = createRegistryService(options.publicUrl, events, options.state, options.onChange)
  const { registry } = settings
  const { timings } = options
  const pending = createPending()
  const traffic = createTrafficLog(options.trafficLimit, (entry) =>
    events.emit({ type: 'traffic', entry }),
  )
  const chats = createChats(registry, options.state, (chat) => {
    events.emit({ type: 'chat', chat })
    options.onChange?.()
  })
  const setCustomerTyping = (chatId: string, typing: boolean): void => {
    chats.update(chatId, (chat) =>
      chat.customerTyping === typing ? chat : { ...chat, customerTyping: typing },
    )
  }
  const typingExpiry = createTypingExpiry(timings.customerTypingMs, (chatId) =>
    setCustomerTyping(chatId, false),
  )
  const context = { registry, chats, traffic, timings, pending }
  const agentDeliveries = createAgentDeliveries(context)
  const bot = createBotDispatcher({ ...context, fetch: options.fetch, logger: options.logger })

  /** One change of the chat with a system line about it: announced once, line included. */
  const changeWithLine = (chatId: string, change: (chat: Chat) => Chat, text: string): Chat =>
    chats.update(chatId, (chat) =>
      withEntry(change(chat), entryFrom({ author: 'system', text }, Date.now())),
    )

  const inviteAgent = (chatId: string): void => {
    changeWithLine(
      chatId,
      (chat) => (chat.state === 'bot' ? { ...chat, state: 'queued' } : chat),
      'The bot invited an agent',
    )
    if (!registry.isAvailable(registry.channel(chats.get(chatId).channelId))) {
      chats.add(chatId, {
        author: 'system',
        text: 'No agent is online: the bot was sent AGENT_UNAVAILABLE',
      })
      bot.send(chatId, (current) => chatEvent('AGENT_UNAVAILABLE', current))
    }
  }

  const joinChat = (chatId: string, action: AgentAction = {}): Chat => {
    const chat = chats.get(chatId)
    if (chat.state === 'closed') throw new SandboxError('conflict', `Chat ${chatId} is closed`)
    const agent = chats.actingAgent(chat, AgentAction.parse(action).agentId)
    if (chat.state === 'active' && chat.agentId === agent.id) return chat
    const botHadIt = chat.bot === 'active'
    const joined = changeWithLine(
      chatId,
      (current) => ({
        ...current,
        agentId: agent.id,
        state: 'active',
        unread: 0,
        bot: current.bot === 'active' ? 'ended' : current.bot,
      }),
      `${agent.name} joined the chat`,
    )
    if (botHadIt) bot.send(chatId, (current) => agentJoinedEvent(current, agent))
    return joined
  }

  const service: SandboxService = {
    ...settings,
    // The spread copied publicUrl's value: the accessors keep it live and announced.
    get publicUrl() {
      return settings.publicUrl
    },
    set publicUrl(url: string) {
      settings.publicUrl = url
    },
    events,
    mailbox,
    traffic,
    chats,
    timings,

    receiveCustomerMessage(channel, body) {
      const { sender, message } = body
      const open = chats.openChat(channel.id, String(sender.id))
      if (isTypingMessage(message)) {
        // Typing alone opens no chat; it only drives the indicator of an open one.
        if (!open) return {}
        const typing = message.type === 'typein'
        if (typing) typingExpiry.refresh(open.id)
        else typingExpiry.clear(open.id)
        setCustomerTyping(open.id, typing)
        return { chatId: open.id }
      }
      const chatId = (open ?? chats.open(channel, sender)).id
      typingExpiry.clear(chatId)
      const stored = message.type === 'text' ? { ...message, text: cutText(message.text) } : message
      const now = Date.now()
      const entry = entryFrom({ author: 'customer', message: stored }, now)
      // One change: the card from the sender, a line for a new invitation, the message.
      chats.update(chatId, (chat) => {
        const { invite } = sender
        const carded = withCard(chat, sender)
        if (!invite || invite === chat.customer.invite) return withEntry(carded, entry)
        const shown = entryFrom(
          { author: 'system', text: `Invitation shown to the customer: “${invite}”` },
          now,
        )
        return withEntry(withEntry(carded, shown), entry)
      })
      if (chats.get(chatId).bot === 'active') {
        bot.send(chatId, (chat) =>
          clientMessageEvent(chat, entry, { agentsOnline: registry.isAvailable(channel) }),
        )
      }
      return { chatId }
    },

    sendAgentMessage(chatId, input) {
      const { agentId, message } = AgentMessageInput.parse(input)
      const chat = chats.get(chatId)
      if (chat.state === 'closed') {
        throw new SandboxError(
          'conflict',
          `Chat ${chatId} is closed: the customer's next message opens a new chat`,
        )
      }
      const agent = chats.actingAgent(chat, agentId)
      const sender = agent.photo ? { name: agent.name, photo: agent.photo } : { name: agent.name }
      if (isTypingMessage(message)) {
        const body = { sender, recipient: { id: chat.senderId }, message: { type: message.type } }
        return { delivery: agentDeliveries.deliver(chatId, body, 1) }
      }
      if (chat.agentId !== agent.id || chat.state !== 'active')
        joinChat(chatId, { agentId: agent.id })
      const id = newId()
      const entry = chats.add(chatId, {
        id,
        author: 'agent',
        name: agent.name,
        agentId: agent.id,
        message: { ...message, id },
        delivery: { status: 'pending', attempts: [] },
      })
      return { entry, delivery: agentDeliveries.deliverEntry(chatId, id, sender) }
    },

    joinChat,

    closeChat(chatId, action = {}) {
      const chat = chats.get(chatId)
      if (chat.state === 'closed') return chat
      typingExpiry.clear(chatId)
      const agentId = AgentAction.parse(action).agentId
      const by = agentId ? ` by ${registry.agent(agentId).name}` : ''
      const closed = changeWithLine(
        chatId,
        (current) => ({ ...current, state: 'closed', closedAt: Date.now(), customerTyping: false }),
        `Chat closed${by}`,
      )
      if (chat.bot === 'active' || chat.bot === 'ended') bot.send(chatId, chatClosedEvent)
      return closed
    },

    receiveBotEvent(provider, event) {
      const chatId = chats.forBot(provider.providerId, event.chat_id, event.client_id).id
      if (event.event === 'INVITE_AGENT') {
        inviteAgent(chatId)
        return chats.get(chatId)
      }
      const text = plainTextFallback(event.message)
      const base = { author: 'bot' as const, name: provider.name, botMessage: event.message }
      if (text === undefined) {
        chats.add(chatId, {
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
        return chats.get(chatId)
      }
      const id = newId()
      chats.add(chatId, {
        ...base,
        id,
        message: { type: 'text', id, text },
        delivery: { status: 'pending', attempts: [] },
      })
      void agentDeliveries.deliverEntry(chatId, id, { name: provider.name })
      return chats.get(chatId)
    },

    consoleState: () => ({
      publicUrl: settings.publicUrl,
      timings,
      channels: settings.listChannels(),
      agents: settings.listAgents(),
      botProviders: settings.listBotProviders(),
      chats: chats.list(),
      mail: mailbox.list(),
      mailbox: mailbox.state(),
    }),
    settled: () => pending.settled(),
    snapshot: () => ({ version: 1, ...registry.snapshot(), ...chats.snapshot() }),
  }
  return service
}
