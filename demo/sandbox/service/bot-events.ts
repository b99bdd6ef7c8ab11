import { randomUUID } from 'node:crypto'
import type {
  AgentJoinedEvent,
  AgentUnavailableEvent,
  ChannelMessage,
  ChatClosedEvent,
  ClientMessageEvent,
  JoinedAgent,
} from '../../../shared/protocol'
import type { Chat, ChatEntry } from './model'

// The B2 events the service sends, shaped like the real service's payloads
// (the spec's fields of 2.5 plus the extras real CLIENT_MESSAGEs carry).

/** The account id real payloads carry as site_id; the sandbox has one account. */
export const SANDBOX_SITE_ID = '100001'

/** What a bot reads of a customer message: TEXT only, so media becomes a short text. */
export function textForBot(message: ChannelMessage): string {
  switch (message.type) {
    case 'text':
      return message.text
    case 'typein':
    case 'typeout':
      return ''
    case 'location':
      return message.text || `location: ${message.latitude}, ${message.longitude}`
    default:
      return message.text || `${message.type}: ${message.file_name} ${message.file}`
  }
}

export function clientMessageEvent(
  chat: Chat,
  entry: ChatEntry,
  context: { agentsOnline: boolean },
): ClientMessageEvent {
  const sender: Record<string, unknown> = { id: chat.senderId }
  if (chat.customer.name) sender.name = chat.customer.name
  if (chat.customer.url) sender.url = chat.customer.url
  sender.has_contacts = Boolean(chat.customer.phone || chat.customer.email)
  return {
    event: 'CLIENT_MESSAGE',
    id: randomUUID(),
    site_id: SANDBOX_SITE_ID,
    client_id: chat.clientId,
    chat_id: chat.id,
    agents_online: context.agentsOnline,
    sender,
    message: {
      type: 'TEXT',
      text: entry.message ? textForBot(entry.message) : '',
      timestamp: Math.floor(entry.at / 1000),
    },
    channel: { id: chat.channelId, type: 'widget' },
  }
}

export function chatEvent(
  kind: 'AGENT_JOINED' | 'AGENT_UNAVAILABLE',
  chat: Chat,
): AgentJoinedEvent | AgentUnavailableEvent {
  return { event: kind, id: randomUUID(), client_id: chat.clientId, chat_id: chat.id }
}

/**
 * AGENT_JOINED naming who accepted (`agent`: name and photo, shaped like an agent
 * message's sender), so the visitor sees "Anna joined" before she writes.
 */
export function agentJoinedEvent(chat: Chat, agent: JoinedAgent): AgentJoinedEvent {
  const named = { name: agent.name, ...(agent.photo ? { photo: agent.photo } : {}) }
  return { ...(chatEvent('AGENT_JOINED', chat) as AgentJoinedEvent), agent: named }
}

export function chatClosedEvent(chat: Chat): ChatClosedEvent {
  return { event: 'CHAT_CLOSED', id: randomUUID(), client_id: chat.clientId, chat_id: chat.id }
}
