import { describe, expect, it } from 'vitest'
import {
  BOT_EVENT_KINDS,
  describeIssues,
  type ParsedBotEvent,
  parseProviderToServiceEvent,
  parseServiceToProviderEvent,
} from '../../../shared/protocol'
import {
  createAgentJoinedEvent,
  createAgentUnavailableEvent,
  createBotMessageEvent,
  createChatClosedEvent,
  createClientMessageEvent,
  createInviteAgentEvent,
  createRealClientMessageSample,
} from '../../support/protocol-factories'
import { ABSENT, withField } from '../support/field-table'

type Parser = (body: unknown) => ParsedBotEvent<unknown>
const toProvider: Parser = parseServiceToProviderEvent
const toService: Parser = parseProviderToServiceEvent

// One row per line of the spec's section 6 table: the kind, its direction, a valid
// body and the fields it cannot do without.
const rows = [
  {
    kind: 'CLIENT_MESSAGE',
    create: createClientMessageEvent,
    parse: toProvider,
    other: toService,
    required: ['id', 'client_id', 'chat_id', 'message'],
  },
  {
    kind: 'BOT_MESSAGE',
    create: createBotMessageEvent,
    parse: toService,
    other: toProvider,
    // chat_id or client_id: see the dedicated tests below.
    required: ['id', 'message'],
  },
  {
    kind: 'INVITE_AGENT',
    create: createInviteAgentEvent,
    parse: toService,
    other: toProvider,
    required: ['id', 'client_id', 'chat_id'],
  },
  {
    kind: 'AGENT_JOINED',
    create: createAgentJoinedEvent,
    parse: toProvider,
    other: toService,
    required: ['id', 'client_id', 'chat_id'],
  },
  {
    kind: 'AGENT_UNAVAILABLE',
    create: createAgentUnavailableEvent,
    parse: toProvider,
    other: toService,
    required: ['id', 'chat_id', 'client_id'],
  },
  {
    kind: 'CHAT_CLOSED',
    create: createChatClosedEvent,
    parse: toProvider,
    other: toService,
    // Payload not shown by the spec: the chat is what a provider needs to forget.
    required: ['id', 'chat_id'],
  },
] as const

function expectInvalid(result: ParsedBotEvent<unknown>, field: string): void {
  if (result.kind !== 'invalid') expect.fail(`expected invalid at ${field}, got ${result.kind}`)
  expect(describeIssues(result.error)).toMatch(new RegExp(`(^|; )${field}[.:]`))
}

describe('spec 6 bot events', () => {
  it('covers every event kind of the table', () => {
    expect(rows.map((row) => row.kind).sort()).toEqual([...BOT_EVENT_KINDS].sort())
  })

  describe.each(rows)('$kind', ({ kind, create, parse, other, required }) => {
    it('is accepted in its direction', () => {
      const body = create()
      const result = parse(body)
      expect(result).toEqual({ kind: 'ok', event: body })
    })

    it('is unsupported in the other direction (405)', () => {
      expect(other(create())).toEqual({ kind: 'unsupported', event: kind })
    })

    it.each(required)('is invalid without %s, and the message names it', (field) => {
      expectInvalid(parse(withField(create(), field, ABSENT)), field)
    })

    it('keeps fields the table does not list', () => {
      const result = parse({ ...create(), site_id: '123456', extra: { a: 1 } })
      expect(result).toMatchObject({ kind: 'ok', event: { site_id: '123456', extra: { a: 1 } } })
    })
  })

  it('accepts BOT_MESSAGE with chat_id and no client_id (the table)', () => {
    const body = withField(createBotMessageEvent(), 'client_id', ABSENT)
    expect(toService(body).kind).toBe('ok')
  })

  it('accepts BOT_MESSAGE with client_id and no chat_id (the sample)', () => {
    const body = withField(createBotMessageEvent(), 'chat_id', ABSENT)
    expect(toService(body).kind).toBe('ok')
  })

  it('rejects BOT_MESSAGE with neither chat_id nor client_id: it cannot be routed', () => {
    const body = withField(
      withField(createBotMessageEvent(), 'chat_id', ABSENT),
      'client_id',
      ABSENT,
    )
    expectInvalid(toService(body), 'chat_id')
  })

  it('CHAT_CLOSED may carry client_id too', () => {
    expect(toProvider(createChatClosedEvent({ client_id: '1233' })).kind).toBe('ok')
    expectInvalid(toProvider(createChatClosedEvent({ client_id: '' })), 'client_id')
  })

  it.each(['CLIENT_TYPING', 'client_message', 'MESSAGE_READ'])(
    'classifies the unknown kind %s as unsupported in both directions',
    (kind) => {
      expect(toProvider({ event: kind, id: '1' })).toEqual({ kind: 'unsupported', event: kind })
      expect(toService({ event: kind, id: '1' })).toEqual({ kind: 'unsupported', event: kind })
    },
  )

  it('names the field inside the message that is wrong', () => {
    const body = withField(createClientMessageEvent(), 'message.text', 42)
    expectInvalid(toProvider(body), 'message.text')
  })

  it('names the button list of a BOT_MESSAGE with 4 buttons', () => {
    const four = [1, 2, 3, 4].map((n) => ({ text: `Option ${n}` }))
    const body = createBotMessageEvent({
      message: { type: 'BUTTONS', text: 'Pick', buttons: four },
    })
    expectInvalid(toService(body), 'message.buttons')
  })
})

describe('the real CLIENT_MESSAGE sample', () => {
  it('parses, with numeric sender.id and timestamp, and keeps its extra fields', () => {
    const sample = createRealClientMessageSample()
    const result = parseServiceToProviderEvent(sample)
    if (result.kind !== 'ok') expect.fail(`expected ok, got ${result.kind}`)
    expect(result.event).toEqual(sample)
    expect(result.event).toMatchObject({
      event: 'CLIENT_MESSAGE',
      id: '9661ab9c-48b0-11ed-a3d6-859398ff9bd9',
      client_id: '1233',
      chat_id: '2037',
      site_id: '123456',
      agents_online: true,
      sender: { id: 1233, name: 'John Smith', url: 'https://test.com', has_contacts: true },
      message: { type: 'TEXT', text: 'Can you help me?', timestamp: 1665415879 },
      channel: { id: '12345678', type: 'widget' },
    })
  })

  it('with its timestamp sent as a string reads the same number', () => {
    const sample = withField(createRealClientMessageSample(), 'message.timestamp', '1665415879')
    const result = parseServiceToProviderEvent(sample)
    expect(result).toMatchObject({ kind: 'ok', event: { message: { timestamp: 1665415879 } } })
  })

  it('with a non-numeric timestamp is invalid, naming message.timestamp', () => {
    const sample = withField(createRealClientMessageSample(), 'message.timestamp', 'Oct 10 2022')
    expectInvalid(parseServiceToProviderEvent(sample), 'message.timestamp')
  })
})
