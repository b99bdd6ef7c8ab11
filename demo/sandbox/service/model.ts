import { z } from 'zod'
import { BotMessagePayload, ChannelMessage, StringOrInteger } from '../../../shared/protocol'
import { HttpUrl } from '../../../shared/url'

// The sandbox's data: what the service keeps about channels, agents, bot providers
// and chats. Everything here is plain JSON so it can be persisted and sent to the console.

export const Agent = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  online: z.boolean(),
  photo: HttpUrl.optional(),
})
export type Agent = z.infer<typeof Agent>

/** A Chat API channel as "Manage -> Add Channels -> Chat API" creates it. */
export const Channel = z.object({
  /** CHANNEL_PUBLIC_ID */
  id: z.string().min(1),
  /** The brute-force guard in the endpoint path: at least 20 URL-safe characters. */
  randomString: z.string().regex(/^[A-Za-z0-9_-]{20,}$/),
  name: z.string().min(1),
  webhookUrl: HttpUrl,
  chunked: z.boolean(),
  agentIds: z.array(z.string()),
  botProviderId: z.string().optional(),
  /** false = "chat removed from the site": status answers 0. */
  enabled: z.boolean(),
  /**
   * Customer media (spec 2.4 photo, document, …) is taken; false answers A2 with 400
   * "message type is not supported" (spec 2.1: "not yet supported"). Absent: true.
   */
  acceptsMedia: z.boolean().optional(),
  createdAt: z.number(),
})
export type Channel = z.infer<typeof Channel>

export const BotProvider = z.object({
  providerId: z.string().min(1),
  endpointUrl: HttpUrl,
  token: z.string().min(1),
  /** The name the customer sees on the bot's messages. */
  name: z.string().min(1),
})
export type BotProvider = z.infer<typeof BotProvider>

export const CustomerCard = z.object({
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  photo: z.string().optional(),
  url: z.string().optional(),
  invite: z.string().optional(),
})
export type CustomerCard = z.infer<typeof CustomerCard>

export const DeliveryAttempt = z.object({
  attempt: z.number().int().positive(),
  at: z.number(),
  ok: z.boolean(),
  status: z.number().int().optional(),
  error: z.string().optional(),
})
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>

/**
 * An agent or bot message's way to the integrator's webhook (A3): where it stands and every
 * attempt (the control API's `delivery` field).
 */
export const DELIVERY_LOG_STATUSES = ['pending', 'delivered', 'failed', 'not_sent'] as const
export const DeliveryLog = z.object({
  status: z.enum(DELIVERY_LOG_STATUSES),
  attempts: z.array(DeliveryAttempt),
  /** What the agent is shown when the message did not reach the customer. */
  error: z.string().optional(),
})
export type DeliveryLog = z.infer<typeof DeliveryLog>

export const ENTRY_AUTHORS = ['customer', 'agent', 'bot', 'system'] as const
export type EntryAuthor = (typeof ENTRY_AUTHORS)[number]

/** One line of a chat's thread: a message of either side, or a system line. */
export const ChatEntry = z.object({
  id: z.string().min(1),
  at: z.number(),
  author: z.enum(ENTRY_AUTHORS),
  /** Display name: the agent's or the bot's. */
  name: z.string().optional(),
  agentId: z.string().optional(),
  /** The message as the integrator receives or sent it (customer, agent, bot fallback). */
  message: ChannelMessage.optional(),
  /** The bot's original message (MARKDOWN/BUTTONS are shown to agents as sent). */
  botMessage: BotMessagePayload.optional(),
  /** A system line's text. */
  text: z.string().optional(),
  level: z.enum(['info', 'error']).optional(),
  delivery: DeliveryLog.optional(),
})
export type ChatEntry = z.infer<typeof ChatEntry>

export const CHAT_STATES = ['bot', 'queued', 'active', 'closed'] as const
export type ChatState = (typeof CHAT_STATES)[number]

/** none: no bot on the channel; active: the bot gets the chat's events; ended: an agent
 * joined (only CHAT_CLOSED follows); failed: the provider did not answer, never called again. */
export const BOT_STATES = ['none', 'active', 'ended', 'failed'] as const
export type BotState = (typeof BOT_STATES)[number]

/** One customer (sender.id) on one channel, open until closed. */
export const Chat = z.object({
  id: z.string().min(1),
  channelId: z.string().min(1),
  /** String form of sender.id: the bot interface's client_id. */
  clientId: z.string().min(1),
  /** sender.id exactly as received: A3 returns it unchanged as recipient.id. */
  senderId: StringOrInteger,
  customer: CustomerCard,
  state: z.enum(CHAT_STATES),
  bot: z.enum(BOT_STATES),
  /** The provider the chat started with: it keeps it even if the channel's bot changes. */
  botProviderId: z.string().optional(),
  agentId: z.string().optional(),
  customerTyping: z.boolean(),
  /** Customer messages since an agent last acted on the chat. */
  unread: z.number().int().nonnegative(),
  createdAt: z.number(),
  updatedAt: z.number(),
  closedAt: z.number().optional(),
  entries: z.array(ChatEntry),
})
export type Chat = z.infer<typeof Chat>
