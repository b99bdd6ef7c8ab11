import type { Sender } from '../../../shared/protocol'
import { SandboxError } from './errors'
import { newId } from './ids'
import type { Agent, Channel, Chat, ChatEntry } from './model'
import type { Registry } from './registry'
import type { SandboxState } from './state'

export type ChatFilter = { state?: 'open' | 'closed' | 'all'; channelId?: string }
type NewEntry = Omit<ChatEntry, 'id' | 'at'> & { id?: string }

const FIRST_CHAT_ID = 1001

/** The chats of the account: one customer on one channel, open until closed. */
export class Chats {
  readonly #chats = new Map<string, Chat>()
  readonly #registry: Registry
  readonly #onChange: (chat: Chat) => void
  #nextId: number

  constructor(registry: Registry, state: SandboxState | undefined, onChange: (chat: Chat) => void) {
    this.#registry = registry
    this.#onChange = onChange
    this.#nextId = state?.nextChatId ?? FIRST_CHAT_ID
    for (const chat of state?.chats ?? []) this.#chats.set(chat.id, chat)
  }

  snapshot(): Pick<SandboxState, 'chats' | 'nextChatId'> {
    return { chats: [...this.#chats.values()], nextChatId: this.#nextId }
  }

  get(id: string): Chat {
    const chat = this.#chats.get(id)
    if (!chat)
      throw new SandboxError('not_found', `No chat ${id}: list them at GET /console/api/chats`)
    return chat
  }

  /** Newest first. */
  list(filter: ChatFilter = {}): Chat[] {
    const state = filter.state ?? 'all'
    return [...this.#chats.values()]
      .filter((chat) => filter.channelId === undefined || chat.channelId === filter.channelId)
      .filter((chat) => state === 'all' || (state === 'closed') === (chat.state === 'closed'))
      .sort((a, b) => b.updatedAt - a.updatedAt || Number(b.id) - Number(a.id))
  }

  entry(chatId: string, entryId: string): ChatEntry {
    const entry = this.get(chatId).entries.find((candidate) => candidate.id === entryId)
    if (!entry) throw new SandboxError('not_found', `No message ${entryId} in chat ${chatId}`)
    return entry
  }

  openChat(channelId: string, clientId: string): Chat | undefined {
    for (const chat of this.#chats.values()) {
      if (chat.channelId === channelId && chat.clientId === clientId && chat.state !== 'closed')
        return chat
    }
    return undefined
  }

  /** Opens a chat; with a bot on the channel the bot gets it first. */
  open(channel: Channel, sender: Sender): Chat {
    const id = String(this.#nextId)
    this.#nextId += 1
    const provider = channel.botProviderId
      ? this.#registry.botProviders.get(channel.botProviderId)
      : undefined
    const now = Date.now()
    const chat: Chat = {
      id,
      channelId: channel.id,
      clientId: String(sender.id),
      senderId: sender.id,
      customer: {},
      state: provider ? 'bot' : 'queued',
      bot: provider ? 'active' : 'none',
      customerTyping: false,
      unread: 0,
      createdAt: now,
      updatedAt: now,
      entries: [],
    }
    if (provider) chat.botProviderId = provider.providerId
    this.#chats.set(id, chat)
    return chat
  }

  add(chat: Chat, entry: NewEntry): ChatEntry {
    const added: ChatEntry = { ...entry, id: entry.id ?? newId(), at: Date.now() }
    chat.entries.push(added)
    chat.updatedAt = added.at
    if (added.author === 'customer') {
      chat.unread += 1
      chat.customerTyping = false
    }
    this.changed(chat)
    return added
  }

  setCustomerTyping(chat: Chat, typing: boolean): void {
    if (chat.customerTyping === typing) return
    chat.customerTyping = typing
    this.changed(chat)
  }

  changed(chat: Chat): void {
    this.#onChange(chat)
  }

  /** The agent acting on a chat: the one named, else the one who joined, else an online assignee. */
  actingAgent(chat: Chat, agentId: string | undefined): Agent {
    if (agentId !== undefined) return this.#registry.agent(agentId)
    if (chat.agentId !== undefined) return this.#registry.agent(chat.agentId)
    const channel = this.#registry.channel(chat.channelId)
    const online = channel.agentIds
      .map((id) => this.#registry.agents.get(id))
      .find((agent) => agent?.online === true)
    if (online) return online
    throw new SandboxError(
      'invalid_request',
      `agentId: name the agent who acts; no agent has joined chat ${chat.id} and none of its channel is online`,
    )
  }

  /** The open chat a provider's event is about, by chat_id or else by client_id. */
  forBot(providerId: string, chatId: string | undefined, clientId: string | undefined): Chat {
    const mine = (chat: Chat) => chat.botProviderId === providerId
    if (chatId !== undefined) {
      const chat = this.#chats.get(chatId)
      if (!chat || !mine(chat)) {
        throw new SandboxError(
          'invalid_request',
          `chat_id: no chat ${chatId} is handled by provider ${providerId}`,
        )
      }
      if (chat.state === 'closed')
        throw new SandboxError('invalid_request', `chat_id: chat ${chatId} is closed`)
      return chat
    }
    const chat = [...this.#chats.values()].find(
      (candidate) =>
        mine(candidate) && candidate.clientId === clientId && candidate.state !== 'closed',
    )
    if (!chat) {
      throw new SandboxError(
        'invalid_request',
        `client_id: client ${clientId} has no open chat with provider ${providerId}`,
      )
    }
    return chat
  }
}
