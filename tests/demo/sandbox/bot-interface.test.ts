import { describe, expect, it } from 'vitest'
import {
  channelInput,
  createTestSandbox,
  customerMessage,
  endpointPath,
  errorLine,
  postJson,
  type Reply,
  useReceivers,
} from '../support/test-sandbox'

const { receiver } = useReceivers()

type Options = { agentsOnline?: boolean; reply?: (index: number) => Reply }

/** A sandbox with a bot provider attached to a channel, and an integrator webhook. */
async function setup(options: Options = {}) {
  const provider = await receiver((_, index) => options.reply?.(index) ?? { body: 'OK' })
  const hook = await receiver()
  const sandbox = createTestSandbox({
    agents: [{ name: 'Anna', online: options.agentsOnline ?? true }],
    botProviders: [
      {
        providerId: 'acme-bot',
        endpointUrl: `${provider.url}/bot`,
        token: 'tok_123',
        name: 'Acme Bot',
      },
    ],
  })
  const channel = sandbox.service.createChannel(
    channelInput({ webhookUrl: `${hook.url}/hooks`, botProviderId: 'acme-bot' }),
  )
  const say = async (text: string, senderId: string | number = 1233) => {
    const body = customerMessage({
      sender: { id: senderId, name: 'John Smith', url: 'https://test.com', email: 'j@test.com' },
      message: { text },
    })
    const response = await sandbox.app.request(endpointPath(channel.endpoint), postJson(body))
    expect(response.status).toBe(200)
    await sandbox.service.settled()
    return sandbox.service.chats
      .list({ state: 'open' })
      .find((chat) => chat.clientId === String(senderId))
  }
  const b1 = (
    body: unknown,
    path = '/webhooks/acme-bot/tok_123',
    headers: Record<string, string> = {},
  ) => sandbox.app.request(path, postJson(body, headers))
  const events = () =>
    provider.received.map((request) => request.json as { event: string; chat_id: string })
  /** The provider's BOT_MESSAGE `id` into `chat` (B1). */
  const botSays = (chat: { id: string } | undefined, id: string, message: object) =>
    b1({ event: 'BOT_MESSAGE', id, chat_id: chat?.id, message })
  return { ...sandbox, provider, hook, channel, say, b1, botSays, events }
}

describe('B2 events to the provider', () => {
  it('sends CLIENT_MESSAGE with the spec fields and the real-world extras to {endpoint}/{token}', async () => {
    const { say, provider, channel } = await setup()
    const chat = await say('Can you help me?')
    expect(provider.received[0]?.url).toBe('/bot/tok_123')
    expect(provider.received[0]?.headers['content-type']).toMatch(/^application\/json/)
    expect(provider.received[0]?.json).toEqual({
      event: 'CLIENT_MESSAGE',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      site_id: expect.any(String),
      client_id: '1233',
      chat_id: chat?.id,
      agents_online: true,
      sender: { id: 1233, name: 'John Smith', url: 'https://test.com', has_contacts: true },
      message: { type: 'TEXT', text: 'Can you help me?', timestamp: expect.any(Number) },
      channel: { id: channel.id, type: 'widget' },
    })
    expect(chat?.state).toBe('bot')
  })

  it('accepts any 2xx from the provider (empty, OK, JSON)', async () => {
    const bodies = ['', 'OK', '{}']
    const { say, service } = await setup({
      reply: (index) => ({ status: index === 1 ? 204 : 200, body: bodies[index] ?? '' }),
    })
    await say('one')
    await say('two')
    const chat = await say('three')
    expect(chat?.bot).toBe('active')
    expect(service.traffic.query({ interface: 'B2' }).every((entry) => entry.ok)).toBe(true)
  })

  it('transfers the customer to an agent after a timeout and 2 retries, and never calls the bot again', async () => {
    const { say, provider, service } = await setup({ reply: () => ({ delayMs: 1500 }) })
    const chat = await say('hello?')
    expect(provider.received).toHaveLength(3)
    expect(chat?.bot).toBe('failed')
    expect(chat?.state).toBe('queued')
    expect(chat?.entries.at(-1)).toMatchObject({
      author: 'system',
      level: 'error',
      text: expect.stringMatching(
        /did not take CLIENT_MESSAGE: no answer within 300 ms \(3 attempts\).*transferred to agents/,
      ),
    })
    await say('still there?')
    service.joinChat(chat?.id ?? '', { agentId: 'anna' })
    service.closeChat(chat?.id ?? '')
    await service.settled()
    expect(provider.received).toHaveLength(3)
  })

  it('retries a provider that answers 5xx, and keeps the bot when a retry succeeds', async () => {
    const { say, provider } = await setup({
      reply: (index) => (index === 0 ? { status: 500 } : { body: '' }),
    })
    const chat = await say('hi')
    expect(provider.received).toHaveLength(2)
    expect(chat?.bot).toBe('active')
  })

  it('sends AGENT_JOINED when an agent joins, and no CLIENT_MESSAGE after that', async () => {
    const { say, service, events } = await setup()
    const chat = await say('hi')
    service.joinChat(chat?.id ?? '', { agentId: 'anna' })
    await service.settled()
    await say('thanks, agent')
    expect(events().map((event) => event.event)).toEqual(['CLIENT_MESSAGE', 'AGENT_JOINED'])
    expect(events()[1]).toEqual({
      event: 'AGENT_JOINED',
      id: expect.any(String),
      client_id: '1233',
      chat_id: chat?.id,
      // Who accepted (issue 35, defect 9): the visitor sees "Anna joined" before she writes.
      agent: { name: 'Anna' },
    })
  })

  it('sends CHAT_CLOSED with id, client_id and chat_id when the chat is closed', async () => {
    const { say, service, events } = await setup()
    const chat = await say('bye')
    service.closeChat(chat?.id ?? '', { agentId: 'anna' })
    await service.settled()
    expect(events().at(-1)).toEqual({
      event: 'CHAT_CLOSED',
      id: expect.any(String),
      client_id: '1233',
      chat_id: chat?.id,
    })
  })

  it('gives the bot the next chat first again after a close', async () => {
    const { say, service, events } = await setup()
    const first = await say('one')
    service.joinChat(first?.id ?? '', { agentId: 'anna' })
    service.closeChat(first?.id ?? '')
    const second = await say('again')
    expect(second?.id).not.toBe(first?.id)
    expect(second?.state).toBe('bot')
    expect(events().map((event) => [event.event, event.chat_id])).toEqual([
      ['CLIENT_MESSAGE', first?.id],
      ['AGENT_JOINED', first?.id],
      ['CHAT_CLOSED', first?.id],
      ['CLIENT_MESSAGE', second?.id],
    ])
  })
})

describe('B1 events from the provider', () => {
  it('delivers BOT_MESSAGE TEXT to the customer over A3', async () => {
    const { say, b1, hook, service } = await setup()
    const chat = await say('price?')
    const response = await b1({
      event: 'BOT_MESSAGE',
      id: 'e1',
      chat_id: chat?.id,
      client_id: '1233',
      message: { type: 'TEXT', text: 'It is 10 EUR' },
    })
    expect(response.status).toBe(200)
    await service.settled()
    expect(hook.received[0]?.json).toMatchObject({
      sender: { name: 'Acme Bot' },
      recipient: { id: 1233 },
      message: { type: 'text', text: 'It is 10 EUR' },
    })
    expect(service.chats.get(chat?.id ?? '').entries.at(-1)).toMatchObject({
      author: 'bot',
      delivery: { status: 'delivered' },
    })
  })

  it('sends the plain-text fallback of MARKDOWN and BUTTONS (A3 has neither)', async () => {
    const { say, b1, hook, service, botSays } = await setup()
    const chat = await say('menu')
    await botSays(chat, 'e2', { type: 'MARKDOWN', content: '**Hi**', text: 'Hi' })
    await b1({
      event: 'BOT_MESSAGE',
      id: 'e3',
      client_id: '1233',
      message: {
        type: 'BUTTONS',
        title: 'Pick',
        text: 'Pick: 1) Sales 2) Support',
        buttons: [{ text: 'Sales', id: 's' }, { text: 'Support' }],
      },
    })
    await service.settled()
    const texts = hook.received.map(
      (request) => (request.json as { message: { text: string } }).message.text,
    )
    expect(texts.sort()).toEqual(['Hi', 'Pick: 1) Sales 2) Support'])
  })

  it('does not send a MARKDOWN message without a fallback, and the console shows why', async () => {
    const { say, hook, service, botSays } = await setup()
    const chat = await say('x')
    const response = await botSays(chat, 'e4', { type: 'MARKDOWN', content: '**only markdown**' })
    expect(response.status).toBe(200)
    await service.settled()
    expect(hook.received).toHaveLength(0)
    expect(service.chats.get(chat?.id ?? '').entries.at(-1)).toMatchObject({
      author: 'bot',
      botMessage: { type: 'MARKDOWN', content: '**only markdown**' },
      delivery: {
        status: 'not_sent',
        error: expect.stringContaining('without a plain-text fallback'),
      },
    })
  })

  it('does not send an empty TEXT message, and says so', async () => {
    const { say, hook, service, botSays } = await setup()
    const chat = await say('x')
    expect((await botSays(chat, 'e7', { type: 'TEXT', text: '' })).status).toBe(200)
    await service.settled()
    expect(hook.received).toHaveLength(0)
    expect(service.chats.get(chat?.id ?? '').entries.at(-1)?.delivery).toEqual({
      status: 'not_sent',
      attempts: [],
      error: 'Not sent: the TEXT message is empty',
    })
  })

  it('queues the chat for agents on INVITE_AGENT', async () => {
    const { say, b1, service, events } = await setup()
    const chat = await say('human please')
    expect(
      (await b1({ event: 'INVITE_AGENT', id: 'e5', client_id: '1233', chat_id: chat?.id })).status,
    ).toBe(200)
    await service.settled()
    expect(service.chats.get(chat?.id ?? '').state).toBe('queued')
    expect(events().map((event) => event.event)).toEqual(['CLIENT_MESSAGE'])
  })

  it('sends AGENT_UNAVAILABLE when the bot hands over and no agent is online', async () => {
    const { say, b1, service, events } = await setup({ agentsOnline: false })
    const chat = await say('human please')
    await b1({ event: 'INVITE_AGENT', id: 'e6', client_id: '1233', chat_id: chat?.id })
    await service.settled()
    expect(events().at(-1)).toEqual({
      event: 'AGENT_UNAVAILABLE',
      id: expect.any(String),
      client_id: '1233',
      chat_id: chat?.id,
    })
    // The bot keeps the chat (it asks for contact details) until an agent joins.
    await say('my email is j@test.com')
    expect(events().at(-1)).toMatchObject({
      event: 'CLIENT_MESSAGE',
      message: { text: 'my email is j@test.com' },
    })
  })

  it.each([
    [
      '401 invalid_client for a wrong token',
      '/webhooks/acme-bot/wrong',
      '401 invalid_client: The token does not match the bot channel settings',
    ],
    [
      '404 for an unknown provider id',
      '/webhooks/nobody/tok_123',
      '404 not_found: No bot provider has this provider_id: check the URL',
    ],
  ])('answers %s', async (_, path, line) => {
    const { b1 } = await setup()
    const response = await b1(
      { event: 'INVITE_AGENT', id: 'x', client_id: '1', chat_id: '1' },
      path,
    )
    expect(await errorLine(response)).toBe(line)
  })

  it('answers 400 invalid_request naming the field', async () => {
    const { say, b1, botSays } = await setup()
    const chat = await say('x')
    const response = await botSays(chat, 'x', { type: 'TEXT' })
    expect(await errorLine(response)).toMatch(/^400 invalid_request: message\.text: /)
    const tooMany = await b1({
      event: 'BOT_MESSAGE',
      id: 'x',
      chat_id: chat?.id,
      message: {
        type: 'BUTTONS',
        text: 't',
        buttons: [{ text: '1' }, { text: '2' }, { text: '3' }, { text: '4' }],
      },
    })
    expect(await tooMany.json()).toEqual({
      error: { code: 'invalid_request', message: 'message.buttons: must hold at most 3 buttons' },
    })
  })

  it('answers 400 invalid_request for a chat it does not know or that is closed', async () => {
    const { say, b1, service, botSays } = await setup()
    const unknown = await b1({
      event: 'INVITE_AGENT',
      id: 'x',
      client_id: '1233',
      chat_id: '999999',
    })
    expect(await errorLine(unknown)).toBe(
      '400 invalid_request: chat_id: no chat 999999 is handled by provider acme-bot',
    )
    const chat = await say('x')
    service.closeChat(chat?.id ?? '')
    const closed = await botSays(chat, 'x', { type: 'TEXT', text: 'late' })
    expect(await closed.json()).toEqual({
      error: { code: 'invalid_request', message: `chat_id: chat ${chat?.id} is closed` },
    })
  })

  it('answers 405 for an event the service does not take', async () => {
    const { b1 } = await setup()
    const response = await b1({
      event: 'CLIENT_MESSAGE',
      id: 'x',
      client_id: '1',
      chat_id: '1',
      message: { type: 'TEXT', text: 'hi' },
    })
    expect(await errorLine(response)).toBe(
      '405 invalid_request: event CLIENT_MESSAGE is not supported: send BOT_MESSAGE or INVITE_AGENT',
    )
  })

  it('answers malformed JSON, a wrong content type and an oversized body with error bodies', async () => {
    const { b1, app } = await setup()
    const malformed = await b1('{"event":')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringMatching(/^body is not valid JSON/) },
    })
    const wrongType = await app.request('/webhooks/acme-bot/tok_123', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(await errorLine(wrongType)).toBe(
      '400 invalid_request: Content-Type must be application/json',
    )
    const huge = await b1({ event: 'BOT_MESSAGE', pad: 'x'.repeat(70_000) })
    expect(await errorLine(huge)).toBe('413 invalid_request: body is over 64 KB')
  })

  it('checks the token before reading the body', async () => {
    const { b1 } = await setup()
    const response = await b1('not json at all', '/webhooks/acme-bot/wrong')
    expect(response.status).toBe(401)
  })
})
