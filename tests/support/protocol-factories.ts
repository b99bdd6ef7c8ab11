import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type {
  AgentJoinedEvent,
  AgentMessage,
  AgentUnavailableEvent,
  BotButtonsMessage,
  BotMarkdownMessage,
  BotMessageEvent,
  BotTextMessage,
  ChatClosedEvent,
  ClientMessageEvent,
  CustomerMessage,
  FileMediaMessage,
  FileMediaType,
  InviteAgentEvent,
  LocationMessage,
  ReplyError,
  ReplyOk,
  Sender,
  TextMessage,
  TypingMessage,
  TypingType,
} from '../../shared/protocol'

// Wire-shaped fixtures of both interfaces of the spec. Each factory returns a fresh,
// valid body (the schema's input type) and takes shallow overrides; tests that break
// a nested field use setPath / deletePath on the result.

type Wire<T extends z.ZodType> = z.input<T>

let sequence = 0
/** A short identifier unique within the test run. */
export function nextId(prefix = 'id'): string {
  sequence += 1
  return `${prefix}-${sequence}`
}

// ---- Chat channel (spec 2.1 to 2.4) ----

export function createSender(overrides: Partial<Wire<typeof Sender>> = {}): Wire<typeof Sender> {
  return { id: nextId('visitor'), name: 'Ada Lovelace', ...overrides }
}

export function createTextMessage(
  overrides: Partial<Wire<typeof TextMessage>> = {},
): Wire<typeof TextMessage> {
  return { type: 'text', id: nextId('msg'), text: 'Hello, can you help me?', ...overrides }
}

export function createTypingMessage(
  type: TypingType = 'typein',
  overrides: Partial<Wire<typeof TypingMessage>> = {},
): Wire<typeof TypingMessage> {
  return { type, ...overrides }
}

export function createFileMediaMessage(
  type: FileMediaType = 'photo',
  overrides: Partial<Wire<typeof FileMediaMessage>> = {},
): Wire<typeof FileMediaMessage> {
  return {
    type,
    file: `https://files.example.com/${type}/sample.bin`,
    file_name: `sample-${type}.bin`,
    file_size: 2048,
    ...overrides,
  }
}

export function createLocationMessage(
  overrides: Partial<Wire<typeof LocationMessage>> = {},
): Wire<typeof LocationMessage> {
  return { type: 'location', latitude: 55.7558, longitude: 37.6173, ...overrides }
}

/** A customer message (A2, spec 2.1): a text from a visitor by default. */
export function createCustomerMessage(
  overrides: Partial<Wire<typeof CustomerMessage>> = {},
): Wire<typeof CustomerMessage> {
  return { sender: createSender(), message: createTextMessage(), ...overrides }
}

/** An agent message (A3, spec 2.2): a text to a visitor by default. */
export function createAgentMessage(
  overrides: Partial<Wire<typeof AgentMessage>> = {},
): Wire<typeof AgentMessage> {
  return {
    sender: { name: 'Agent Smith', photo: 'https://cdn.example.com/agents/smith.png' },
    recipient: { id: nextId('visitor') },
    message: createTextMessage({ id: nextId('agent-msg'), text: 'Sure, how can I help?' }),
    ...overrides,
  }
}

export function createReplyOk(): Wire<typeof ReplyOk> {
  return { result: 'ok' }
}

export function createReplyError(
  overrides: Partial<Wire<typeof ReplyError>['error']> = {},
): Wire<typeof ReplyError> {
  return { error: { code: 500, message: 'The visitor is unknown to this site', ...overrides } }
}

// ---- Bot provider (spec 2.5, 2.6, 6) ----

export function createBotTextMessage(
  overrides: Partial<Wire<typeof BotTextMessage>> = {},
): Wire<typeof BotTextMessage> {
  return { type: 'TEXT', text: 'Hello! How can I help?', timestamp: 1665415879, ...overrides }
}

export function createBotMarkdownMessage(
  overrides: Partial<Wire<typeof BotMarkdownMessage>> = {},
): Wire<typeof BotMarkdownMessage> {
  return {
    type: 'MARKDOWN',
    content: 'See **our** [prices](https://example.com/prices)',
    text: 'See our prices: https://example.com/prices',
    timestamp: 1665415879,
    ...overrides,
  }
}

export function createBotButtonsMessage(
  overrides: Partial<Wire<typeof BotButtonsMessage>> = {},
): Wire<typeof BotButtonsMessage> {
  return {
    type: 'BUTTONS',
    title: 'Was this helpful?',
    text: 'Was this helpful? Yes / No',
    buttons: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    timestamp: 1665415879,
    ...overrides,
  }
}

function chatRef() {
  return { id: randomUUID(), client_id: nextId('client'), chat_id: nextId('chat') }
}

/** CLIENT_MESSAGE (service to provider, B2). */
export function createClientMessageEvent(
  overrides: Partial<Wire<typeof ClientMessageEvent>> = {},
): Wire<typeof ClientMessageEvent> {
  return {
    event: 'CLIENT_MESSAGE',
    ...chatRef(),
    message: createBotTextMessage({ text: 'Can you help me?' }),
    ...overrides,
  }
}

/** The real CLIENT_MESSAGE the service sends: numeric sender.id and timestamp. */
export function createRealClientMessageSample(): Record<string, unknown> {
  return {
    id: '9661ab9c-48b0-11ed-a3d6-859398ff9bd9',
    site_id: '123456',
    client_id: '1233',
    chat_id: '2037',
    agents_online: true,
    sender: { id: 1233, name: 'John Smith', url: 'https://test.com', has_contacts: true },
    message: { type: 'TEXT', text: 'Can you help me?', timestamp: 1665415879 },
    channel: { id: '12345678', type: 'widget' },
    event: 'CLIENT_MESSAGE',
  }
}

/** BOT_MESSAGE (provider to service, B1). */
export function createBotMessageEvent(
  overrides: Partial<Wire<typeof BotMessageEvent>> = {},
): Wire<typeof BotMessageEvent> {
  return { event: 'BOT_MESSAGE', ...chatRef(), message: createBotTextMessage(), ...overrides }
}

/** INVITE_AGENT (provider to service, B1). */
export function createInviteAgentEvent(
  overrides: Partial<Wire<typeof InviteAgentEvent>> = {},
): Wire<typeof InviteAgentEvent> {
  return { event: 'INVITE_AGENT', ...chatRef(), ...overrides }
}

/** AGENT_JOINED (service to provider, B2). */
export function createAgentJoinedEvent(
  overrides: Partial<Wire<typeof AgentJoinedEvent>> = {},
): Wire<typeof AgentJoinedEvent> {
  return { event: 'AGENT_JOINED', ...chatRef(), ...overrides }
}

/** AGENT_UNAVAILABLE (service to provider, B2). */
export function createAgentUnavailableEvent(
  overrides: Partial<Wire<typeof AgentUnavailableEvent>> = {},
): Wire<typeof AgentUnavailableEvent> {
  return { event: 'AGENT_UNAVAILABLE', ...chatRef(), ...overrides }
}

/** CHAT_CLOSED (service to provider, B2); the spec does not show its payload. */
export function createChatClosedEvent(
  overrides: Partial<Wire<typeof ChatClosedEvent>> = {},
): Wire<typeof ChatClosedEvent> {
  return { event: 'CHAT_CLOSED', ...chatRef(), ...overrides }
}

// ---- Breaking one field of a valid body ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A deep copy of `body` with the dotted `path` (e.g. 'sender.id', 'buttons.0.text') set to `value`. */
export function setPath<T>(body: T, path: string, value: unknown): T {
  const copy: T = structuredClone(body)
  const keys = path.split('.')
  const last = keys.pop()
  let node: unknown = copy
  for (const key of keys) {
    if (!isRecord(node)) throw new Error(`setPath: '${path}' does not exist in the fixture`)
    node = node[key]
  }
  if (!isRecord(node) || last === undefined) {
    throw new Error(`setPath: '${path}' does not exist in the fixture`)
  }
  node[last] = value
  return copy
}

/** A deep copy of `body` without the dotted `path`. */
export function deletePath<T>(body: T, path: string): T {
  const copy = setPath(body, path, undefined)
  const keys = path.split('.')
  const last = keys.pop() ?? ''
  let node: unknown = copy
  for (const key of keys) node = isRecord(node) ? node[key] : undefined
  if (isRecord(node)) delete node[last]
  return copy
}
