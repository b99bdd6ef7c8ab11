import type { Sender } from '../../../shared/protocol'
import { entryFrom, frozen, type NewEntry, withEntry, withEntryChanged } from './chat-record'
import { SandboxError } from './errors'
import type { Agent, Channel, Chat, ChatEntry } from './model'
import type { Registry } from './registry'
import type { SandboxState } from './state'

export type ChatFilter = { state?: 'open' | 'closed' | 'all'; channelId?: string }

const FIRST_CHAT_ID = 1001

/**
 * The chats of the account: one customer on one channel, open until closed. A stored
 * chat is an immutable (frozen) record: every change is `update(id, fn)`, which stores
 * what `fn` makes of the chat as it is at that moment. Code that waits (a delivery, a bot
 * call) keeps the chat's id, not the record, and looks it up again when it acts.
 */
export interface Chats {
  snapshot(): Pick<SandboxState, 'chats' | 'nextChatId'>
  /** The chat, or a not_found error naming where to list them. */
  get(id: string): Chat
  /** Newest first. */
  list(filter?: ChatFilter): Chat[]
  entry(chatId: string, entryId: string): ChatEntry
  /** The customer's chat on the channel that is not closed, if any. */
  openChat(channelId: string, clientId: string): Chat | undefined
  /** Opens a chat; with a bot on the channel the bot gets it first. */
  open(channel: Channel, sender: Sender): Chat
  /**
   * Replaces the chat with `change(chat)` (a new record, not the old one edited), stores it
   * and announces it (to the console streams and the state file); returns it. A change
   * that returns the chat unchanged announces nothing.
   */
  update(id: string, change: (chat: Chat) => Chat): Chat
  /** Adds a thread entry (given an id, unless it has one, and the time); returns it. */
  add(chatId: string, entry: NewEntry): ChatEntry
  /** Replaces one entry of the chat with `change(entry)`; returns the new entry. */
  updateEntry(chatId: string, entryId: string, change: (entry: ChatEntry) => ChatEntry): ChatEntry
  /** The agent acting on a chat: the one named, else the one who joined, else an online assignee. */
  actingAgent(chat: Chat, agentId: string | undefined): Agent
  /** The open chat a provider's event is about, by chat_id or else by client_id. */
  forBot(providerId: string, chatId: string | undefined, clientId: string | undefined): Chat
}

export function createChats(
  registry: Registry,
  state: SandboxState | undefined,
  onChange: (chat: Chat) => void,
): Chats {
  const chats = new Map<string, Chat>(
    (state?.chats ?? []).map((chat) => [chat.id, frozen(structuredClone(chat))]),
  )
  let nextId = state?.nextChatId ?? FIRST_CHAT_ID

  const get = (id: string): Chat => {
    const chat = chats.get(id)
    if (!chat)
      throw new SandboxError('not_found', `No chat ${id}: list them at GET /console/api/chats`)
    return chat
  }

  const entryOf = (chat: Chat, entryId: string): ChatEntry => {
    const entry = chat.entries.find((candidate) => candidate.id === entryId)
    if (!entry) throw new SandboxError('not_found', `No message ${entryId} in chat ${chat.id}`)
    return entry
  }

  const update = (id: string, change: (chat: Chat) => Chat): Chat => {
    const current = get(id)
    const next = change(current)
    if (next === current) return current
    if (next.id !== id) throw new Error(`sandbox: a change of chat ${id} returned chat ${next.id}`)
    const stored = frozen(next)
    chats.set(id, stored)
    onChange(stored)
    return stored
  }

  return {
    snapshot: () => ({ chats: [...chats.values()], nextChatId: nextId }),
    get,
    list(filter = {}) {
      const state = filter.state ?? 'all'
      return [...chats.values()]
        .filter((chat) => filter.channelId === undefined || chat.channelId === filter.channelId)
        .filter((chat) => state === 'all' || (state === 'closed') === (chat.state === 'closed'))
        .sort((a, b) => b.updatedAt - a.updatedAt || Number(b.id) - Number(a.id))
    },
    entry: (chatId, entryId) => entryOf(get(chatId), entryId),
    openChat(channelId, clientId) {
      for (const chat of chats.values()) {
        if (chat.channelId === channelId && chat.clientId === clientId && chat.state !== 'closed')
          return chat
      }
      return undefined
    },
    open(channel, sender) {
      const id = String(nextId)
      nextId += 1
      const provider = channel.botProviderId
        ? registry.botProviders.get(channel.botProviderId)
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
        ...(provider ? { botProviderId: provider.providerId } : {}),
        customerTyping: false,
        unread: 0,
        createdAt: now,
        updatedAt: now,
        entries: [],
      }
      const stored = frozen(chat)
      chats.set(id, stored)
      return stored
    },
    update,
    add(chatId, entry) {
      const added = frozen(entryFrom(entry, Date.now()))
      update(chatId, (chat) => withEntry(chat, added))
      return added
    },
    updateEntry(chatId, entryId, change) {
      entryOf(get(chatId), entryId)
      return entryOf(
        update(chatId, (chat) => withEntryChanged(chat, entryId, change)),
        entryId,
      )
    },
    actingAgent(chat, agentId) {
      if (agentId !== undefined) return registry.agent(agentId)
      if (chat.agentId !== undefined) return registry.agent(chat.agentId)
      const channel = registry.channel(chat.channelId)
      const online = channel.agentIds
        .map((id) => registry.agents.get(id))
        .find((agent) => agent?.online === true)
      if (online) return online
      throw new SandboxError(
        'invalid_request',
        `agentId: name the agent who acts; no agent has joined chat ${chat.id} and none of its channel is online`,
      )
    },
    forBot(providerId, chatId, clientId) {
      const mine = (chat: Chat) => chat.botProviderId === providerId
      if (chatId !== undefined) {
        const chat = chats.get(chatId)
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
      const chat = [...chats.values()].find(
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
    },
  }
}
