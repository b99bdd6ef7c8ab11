import { z } from 'zod'
import { HttpUrl } from '../url'

// Bot provider interface (spec interface B): sections 2.5, 2.6 and 6.

export const BOT_MESSAGE_TYPES = ['TEXT', 'MARKDOWN', 'BUTTONS'] as const
export type BotMessageType = (typeof BOT_MESSAGE_TYPES)[number]

/** At most this many buttons in one BUTTONS message (spec section 8). */
export const MAX_BUTTONS = 3

/** Identifiers are strings; numbers seen in the wild are read as their decimal string. */
const Identifier = z.union([z.string().min(1, 'must not be empty'), z.number().transform(String)])

/** Unix time in seconds: documented as a string, sent as a number in samples; read as a number. */
export const Timestamp = z.union([
  z.number().nonnegative(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be unix time in seconds')
    .transform(Number),
])

export const BotTextMessage = z.looseObject({
  type: z.literal('TEXT'),
  text: z.string(),
  timestamp: Timestamp.optional(),
  // A pressed button, as bot providers in the wild see it.
  button_id: Identifier.optional(),
})
export type BotTextMessage = z.infer<typeof BotTextMessage>

export const BotMarkdownMessage = z.looseObject({
  type: z.literal('MARKDOWN'),
  content: z.string().min(1, 'must not be empty'),
  text: z.string().optional(),
  timestamp: Timestamp.optional(),
})
export type BotMarkdownMessage = z.infer<typeof BotMarkdownMessage>

export const BotButton = z.looseObject({
  text: z.string().min(1, 'must not be empty'),
  id: Identifier.optional(),
})
export type BotButton = z.infer<typeof BotButton>

export const BotButtonsMessage = z.looseObject({
  type: z.literal('BUTTONS'),
  title: z.string().optional(),
  text: z.string().optional(),
  buttons: z
    .array(BotButton)
    .min(1, 'must hold at least one button')
    .max(MAX_BUTTONS, `must hold at most ${MAX_BUTTONS} buttons`),
  timestamp: Timestamp.optional(),
})
export type BotButtonsMessage = z.infer<typeof BotButtonsMessage>

/** The Message object of spec 2.6. */
export const BotMessagePayload = z.discriminatedUnion('type', [
  BotTextMessage,
  BotMarkdownMessage,
  BotButtonsMessage,
])
export type BotMessagePayload = z.infer<typeof BotMessagePayload>

/**
 * The text a channel that cannot render MARKDOWN or BUTTONS shows, or undefined
 * when the message has none and so is not deliverable to such a channel.
 */
export function plainTextFallback(message: BotMessagePayload): string | undefined {
  if (message.type === 'TEXT') return message.text.length > 0 ? message.text : undefined
  const text = message.text?.trim()
  return text ? message.text : undefined
}

export const SERVICE_TO_PROVIDER_EVENTS = [
  'CLIENT_MESSAGE',
  'AGENT_JOINED',
  'AGENT_UNAVAILABLE',
  'CHAT_CLOSED',
] as const
export const PROVIDER_TO_SERVICE_EVENTS = ['BOT_MESSAGE', 'INVITE_AGENT'] as const
export const BOT_EVENT_KINDS = [
  ...SERVICE_TO_PROVIDER_EVENTS,
  ...PROVIDER_TO_SERVICE_EVENTS,
] as const
export type ServiceToProviderEventKind = (typeof SERVICE_TO_PROVIDER_EVENTS)[number]
export type ProviderToServiceEventKind = (typeof PROVIDER_TO_SERVICE_EVENTS)[number]
export type BotEventKind = (typeof BOT_EVENT_KINDS)[number]

const chatRef = {
  id: Identifier,
  client_id: Identifier,
  chat_id: Identifier,
}

export const ClientMessageEvent = z.looseObject({
  event: z.literal('CLIENT_MESSAGE'),
  ...chatRef,
  message: BotMessagePayload,
})
export type ClientMessageEvent = z.infer<typeof ClientMessageEvent>

/** The longest agent name a join carries on to the visitor; a longer one is not shown. */
export const MAX_AGENT_NAME = 100

/**
 * Who joined, when the service says (not in the spec's field list; Porthole's sandbox sends
 * it): shaped like an agent message's sender (A3). Decoration: a bad value is dropped, the
 * event still counts.
 */
export const JoinedAgent = z.looseObject({
  name: z.string().trim().min(1).max(MAX_AGENT_NAME).optional().catch(undefined),
  photo: HttpUrl.optional().catch(undefined),
})
export type JoinedAgent = z.infer<typeof JoinedAgent>

export const AgentJoinedEvent = z.looseObject({
  event: z.literal('AGENT_JOINED'),
  ...chatRef,
  agent: JoinedAgent.optional().catch(undefined),
})
export type AgentJoinedEvent = z.infer<typeof AgentJoinedEvent>

export const AgentUnavailableEvent = z.looseObject({
  event: z.literal('AGENT_UNAVAILABLE'),
  ...chatRef,
})
export type AgentUnavailableEvent = z.infer<typeof AgentUnavailableEvent>

/** CHAT_CLOSED: the spec does not show the payload; Porthole's sandbox sends id, client_id, chat_id. */
export const ChatClosedEvent = z.looseObject({
  event: z.literal('CHAT_CLOSED'),
  id: Identifier,
  chat_id: Identifier,
  client_id: Identifier.optional(),
})
export type ChatClosedEvent = z.infer<typeof ChatClosedEvent>

/** BOT_MESSAGE: the table lists chat_id, a sample omits it; one of chat_id or client_id is needed to route it. */
export const BotMessageEvent = z
  .looseObject({
    event: z.literal('BOT_MESSAGE'),
    id: Identifier,
    chat_id: Identifier.optional(),
    client_id: Identifier.optional(),
    message: BotMessagePayload,
  })
  .refine((event) => event.chat_id !== undefined || event.client_id !== undefined, {
    message: 'needs chat_id or client_id',
    path: ['chat_id'],
  })
export type BotMessageEvent = z.infer<typeof BotMessageEvent>

export const InviteAgentEvent = z.looseObject({ event: z.literal('INVITE_AGENT'), ...chatRef })
export type InviteAgentEvent = z.infer<typeof InviteAgentEvent>

/** Events the service sends to a bot provider (B2). */
export const ServiceToProviderEvent = z.discriminatedUnion('event', [
  ClientMessageEvent,
  AgentJoinedEvent,
  AgentUnavailableEvent,
  ChatClosedEvent,
])
export type ServiceToProviderEvent = z.infer<typeof ServiceToProviderEvent>

/** Events a bot provider sends to the service (B1). */
export const ProviderToServiceEvent = z.discriminatedUnion('event', [
  BotMessageEvent,
  InviteAgentEvent,
])
export type ProviderToServiceEvent = z.infer<typeof ProviderToServiceEvent>

/** What every event body has: an event kind (spec 2.5). */
const Envelope = z.looseObject({ event: z.string().min(1) })

export type ParsedBotEvent<T> =
  | { kind: 'ok'; event: T }
  | { kind: 'unsupported'; event: string }
  | { kind: 'invalid'; error: z.ZodError }

function parseDirected<T>(
  body: unknown,
  kinds: readonly string[],
  schema: z.ZodType<T>,
): ParsedBotEvent<T> {
  const envelope = Envelope.safeParse(body)
  if (!envelope.success) return { kind: 'invalid', error: envelope.error }
  if (!kinds.includes(envelope.data.event)) {
    return { kind: 'unsupported', event: envelope.data.event }
  }
  const parsed = schema.safeParse(body)
  return parsed.success
    ? { kind: 'ok', event: parsed.data }
    : { kind: 'invalid', error: parsed.error }
}

/**
 * Classifies a body received by a bot provider (B2): a valid event, an event kind
 * the provider does not take (405), or an invalid body (400 invalid_request).
 */
export function parseServiceToProviderEvent(body: unknown): ParsedBotEvent<ServiceToProviderEvent> {
  return parseDirected(body, SERVICE_TO_PROVIDER_EVENTS, ServiceToProviderEvent)
}

/** Classifies a body received by the service from a bot provider (B1). */
export function parseProviderToServiceEvent(body: unknown): ParsedBotEvent<ProviderToServiceEvent> {
  return parseDirected(body, PROVIDER_TO_SERVICE_EVENTS, ProviderToServiceEvent)
}
