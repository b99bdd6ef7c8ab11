import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { BotConfigError, InvalidBotEventError } from '../../../server/bot/errors'
import { type BotProviderOptions, createBotProvider } from '../../../server/bot/provider'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { ServiceToProviderEvent } from '../../../shared/protocol'
import {
  createAgentJoinedEvent,
  createAgentUnavailableEvent,
  createBotMessageEvent,
  createChatClosedEvent,
  createClientMessageEvent,
  createRealClientMessageSample,
  deletePath,
  setPath,
} from '../../support/protocol-factories'
import { createFakeFetch, createRecordingLogger, ok } from '../support/bot-fakes'

const TOKEN = 'b2-token-0123456789'

function setup(overrides: Partial<BotProviderOptions> = {}) {
  const received: ServiceToProviderEvent[] = []
  const fake = createFakeFetch(ok)
  const logger = createRecordingLogger()
  const provider = createBotProvider({
    token: TOKEN,
    providerId: 'porthole',
    baseUrl: 'http://service.test/bot-api/',
    fetch: fake.fetch,
    logger,
    onEvent: (event) => {
      received.push(event)
    },
    ...overrides,
  })
  const app = new Hono().route('/bot', provider.routes)
  const post = (body: unknown, token = TOKEN, init: RequestInit = {}) =>
    app.request(`/bot/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    })
  return { app, post, provider, received, logger, calls: fake.calls }
}

describe('createBotProvider: receiving (B2)', () => {
  it('answers 200 and hands every event kind to onEvent', async () => {
    const s = setup()
    const events = [
      createClientMessageEvent(),
      createAgentJoinedEvent(),
      createAgentUnavailableEvent(),
      createChatClosedEvent(),
    ]
    for (const event of events) {
      const response = await s.post(event)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ result: 'ok' })
    }
    await s.provider.close()
    const kinds = ['CLIENT_MESSAGE', 'AGENT_JOINED', 'AGENT_UNAVAILABLE', 'CHAT_CLOSED']
    expect(s.received.map((event) => event.event)).toEqual(kinds)
  })

  it("takes the real service's CLIENT_MESSAGE with its extra fields and numeric ids", async () => {
    const s = setup()
    expect((await s.post(createRealClientMessageSample())).status).toBe(200)
    await s.provider.close()
    expect(s.received[0]).toMatchObject({ chat_id: '2037', client_id: '1233', site_id: '123456' })
  })

  it('answers before onEvent finishes (work is asynchronous)', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let finished = false
    const s = setup({
      onEvent: async () => {
        await gate
        finished = true
      },
    })
    expect((await s.post(createClientMessageEvent())).status).toBe(200)
    expect(finished).toBe(false)
    release()
    await s.provider.close()
    expect(finished).toBe(true)
  })

  it('rejects a wrong token with 401 invalid_client, whatever the method, and runs nothing', async () => {
    const s = setup()
    for (const token of ['wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const response = await s.post(createClientMessageEvent(), token)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: { code: 'invalid_client', message: expect.stringMatching(/token/) },
      })
    }
    expect((await s.app.request('/bot/wrong')).status).toBe(401)
    await s.provider.close()
    expect(s.received).toEqual([])
  })

  it('answers 405 with Allow: POST for other methods', async () => {
    const s = setup()
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await s.app.request(`/bot/${TOKEN}`, { method })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
    }
  })

  it('answers 400 invalid_request for a body that is not UTF-8', async () => {
    const s = setup()
    const response = await s.post('', TOKEN, { body: Uint8Array.of(0x7b, 0xff, 0x7d) })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/not valid UTF-8/) },
    })
    expect(s.received).toEqual([])
  })

  it('answers 400 invalid_request for malformed JSON', async () => {
    const s = setup()
    const response = await s.post('{"event": "CLIENT_MESSAGE",')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/not valid JSON/) },
    })
  })

  it('answers 400 invalid_request for a CLIENT_MESSAGE nested 10,000 deep in an unknown field', async () => {
    // Taken, it failed in the store on every retry (503): the service resent it forever.
    const s = setup({ store: createMemoryStore() })
    const deep = `[${'['.repeat(9_999)}${']'.repeat(9_999)}]`
    const event = JSON.stringify(createClientMessageEvent()).replace(/}$/, `,"extra":${deep}}`)
    const response = await s.post(event)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/nested more than 64/) },
    })
    await s.provider.close()
    expect(s.received).toEqual([])
    expect(s.logger.lines.filter((line) => line.level === 'error')).toEqual([])
    // Nesting within the limit is only an unknown field: taken.
    const shallow = JSON.stringify(createClientMessageEvent()).replace(/}$/, ',"extra":[[[]]]}')
    expect((await setup().post(shallow)).status).toBe(200)
  })

  it.each([
    ['chat_id', deletePath(createClientMessageEvent(), 'chat_id')],
    ['client_id', setPath(createClientMessageEvent(), 'client_id', '')],
    ['message.type', setPath(createClientMessageEvent(), 'message.type', 'VIDEO')],
    ['message', deletePath(createClientMessageEvent(), 'message')],
    ['id', deletePath(createAgentJoinedEvent(), 'id')],
    ['event', { chat_id: '1' }],
    ['body', []],
  ])('answers 400 invalid_request naming %s', async (field, body) => {
    const s = setup()
    const response = await s.post(body)
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { error: { code: string; message: string } }
    expect(answer.error.code).toBe('invalid_request')
    expect(answer.error.message).toContain(field)
    await s.provider.close()
    expect(s.received).toEqual([])
  })

  it('answers 405 for an event a provider does not take (a B1 event, an unknown one)', async () => {
    const s = setup()
    for (const body of [
      createBotMessageEvent(),
      { ...createClientMessageEvent(), event: 'CHAT_RATED' },
    ]) {
      const response = await s.post(body)
      expect(response.status).toBe(405)
      expect(await response.json()).toEqual({
        error: { code: 'invalid_request', message: expect.stringMatching(/not supported/) },
      })
    }
    await s.provider.close()
    expect(s.received).toEqual([])
  })

  it('answers 413 for a body over 64 KB, declared or chunked', async () => {
    const s = setup()
    const big = createClientMessageEvent({ message: { type: 'TEXT', text: 'x'.repeat(70_000) } })
    expect((await s.post(big)).status).toBe(413)
    const encoded = new TextEncoder().encode(JSON.stringify(big))
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(encoded.slice(0, 40_000))
        controller.enqueue(encoded.slice(40_000))
        controller.close()
      },
    })
    const chunked = await s.app.request(`/bot/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })

  it('processes an event id once when the service retries it', async () => {
    const s = setup()
    const event = createClientMessageEvent()
    for (let i = 0; i < 3; i++) expect((await s.post(event)).status).toBe(200)
    await s.provider.close()
    expect(s.received).toHaveLength(1)
  })

  it('de-duplicates through the store when one is given, across provider instances (restart)', async () => {
    const store = createMemoryStore()
    const event = createClientMessageEvent()
    const first = setup({ store })
    await first.post(event)
    await first.provider.close()
    const second = setup({ store })
    expect((await second.post(event)).status).toBe(200)
    await second.provider.close()
    expect(first.received).toHaveLength(1)
    expect(second.received).toHaveLength(0)
  })

  it('two instances on one store never handle one chat at the same time', async () => {
    const store = createMemoryStore()
    const log: string[] = []
    const slow = (name: string) => async () => {
      log.push(`${name} start`)
      await new Promise((resolve) => setTimeout(resolve, 20))
      log.push(`${name} end`)
    }
    const first = setup({ store, onEvent: slow('first') })
    const second = setup({ store, onEvent: slow('second') })
    await first.post(createClientMessageEvent({ chat_id: 'shared' }))
    await second.post(createClientMessageEvent({ chat_id: 'shared' }))
    await Promise.all([first.provider.close(), second.provider.close()])
    expect(log).toEqual(['first start', 'first end', 'second start', 'second end'])
  })

  it('answers 503 (so the service retries) when the store cannot claim the event id', async () => {
    const store = createMemoryStore()
    await store.close()
    const s = setup({ store })
    const response = await s.post(createClientMessageEvent())
    expect(response.status).toBe(503)
    expect(s.logger.lines.at(-1)?.level).toBe('error')
    expect(s.received).toEqual([])
  })

  it('handles one chat in order and logs a failing onEvent without an unhandled rejection', async () => {
    const order: string[] = []
    const s = setup({
      onEvent: async (event) => {
        if (event.event === 'AGENT_JOINED') throw new Error('brain exploded')
        // The first event waits longest: order must still hold.
        await new Promise((resolve) =>
          setTimeout(resolve, event.event === 'CLIENT_MESSAGE' ? 30 : 0),
        )
        order.push(event.event)
      },
    })
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      await s.post(createClientMessageEvent({ chat_id: 'c1' }))
      await s.post(createAgentJoinedEvent({ chat_id: 'c1' }))
      await s.post(createChatClosedEvent({ chat_id: 'c1' }))
      await s.provider.close()
      expect(order).toEqual(['CLIENT_MESSAGE', 'CHAT_CLOSED'])
      const failure = s.logger.lines.find((line) => line.level === 'error')
      expect(failure?.fields).toMatchObject({
        event: 'AGENT_JOINED',
        error: 'Error: brain exploded',
      })
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('answers 503 after close() and waits for the work under way', async () => {
    const s = setup()
    await s.post(createClientMessageEvent())
    await s.provider.close()
    expect((await s.post(createClientMessageEvent())).status).toBe(503)
    expect(s.received).toHaveLength(1)
  })
})

describe('createBotProvider: context and sending (B1)', () => {
  it('ctx.reply and ctx.inviteAgent send BOT_MESSAGE and INVITE_AGENT for the chat', async () => {
    const s = setup({
      onEvent: async (_event, ctx) => {
        await ctx.reply('Hi!')
        await ctx.reply({ type: 'MARKDOWN', content: '**Hi**', text: 'Hi' })
        await ctx.inviteAgent()
      },
    })
    await s.post(createClientMessageEvent({ chat_id: 'chat-9', client_id: 'client-9' }))
    await s.provider.close()
    expect(s.calls.map((call) => call.url)).toEqual(
      Array(3).fill(`http://service.test/bot-api/webhooks/porthole/${TOKEN}`),
    )
    const [text, markdown, invite] = s.calls.map((call) => call.body)
    expect(text).toEqual({
      event: 'BOT_MESSAGE',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chat_id: 'chat-9',
      client_id: 'client-9',
      message: { type: 'TEXT', text: 'Hi!', timestamp: expect.any(Number) },
    })
    expect(markdown).toMatchObject({ message: { type: 'MARKDOWN', content: '**Hi**', text: 'Hi' } })
    expect(invite).toEqual({
      event: 'INVITE_AGENT',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chat_id: 'chat-9',
      client_id: 'client-9',
    })
  })

  it('ctx.inviteAgent rejects for an event without client_id (a CHAT_CLOSED may lack it)', async () => {
    const outcomes: unknown[] = []
    const s = setup({
      onEvent: async (_event, ctx) => {
        outcomes.push(await ctx.inviteAgent().catch((error: unknown) => error))
      },
    })
    await s.post(deletePath(createChatClosedEvent(), 'client_id'))
    await s.provider.close()
    expect(outcomes).toEqual([expect.any(InvalidBotEventError)])
    expect(s.calls).toEqual([])
  })

  it('stamps messages with unix seconds and gives every event a fresh id', async () => {
    const s = setup({ now: () => 1_700_000_000_999 })
    await s.provider.sendMessage('c', 'k', 'one')
    await s.provider.sendMessage('c', 'k', 'two')
    const [one, two] = s.calls.map((call) => call.body) as {
      id: string
      message: { timestamp: number }
    }[]
    expect(one?.message.timestamp).toBe(1_700_000_000)
    expect(one?.id).not.toBe(two?.id)
  })

  it('refuses to send what the service must reject: 4 buttons, empty text', async () => {
    const s = setup()
    const buttons = [1, 2, 3, 4].map((n) => ({ text: `b${n}` }))
    await expect(
      s.provider.sendMessage('c', 'k', { type: 'BUTTONS', text: 'pick', buttons }),
    ).rejects.toThrow(/buttons: must hold at most 3/)
    await expect(s.provider.sendMessage('c', 'k', '')).rejects.toThrow(/non-empty text/)
    expect(s.calls).toEqual([])
  })

  it('warns when a MARKDOWN or BUTTONS message has no plain-text fallback', async () => {
    const s = setup()
    await s.provider.sendMessage('c', 'k', { type: 'MARKDOWN', content: '**x**' })
    expect(s.calls).toHaveLength(1)
    expect(s.logger.lines.at(-1)).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/fallback/),
    })
  })

  it('checks its options at creation', () => {
    const base = { token: TOKEN, providerId: 'p', baseUrl: 'http://s.test', onEvent: () => {} }
    expect(() => createBotProvider({ ...base, token: '' })).toThrow(BotConfigError)
    expect(() => createBotProvider({ ...base, token: 'a/b' })).toThrow(/BOT_TOKEN/)
    expect(() => createBotProvider({ ...base, providerId: ' ' })).toThrow(/BOT_PROVIDER_ID/)
    expect(() => createBotProvider({ ...base, baseUrl: 'ftp://x' })).toThrow(/BOT_BASE_URL/)
    expect(() => createBotProvider({ ...base, retries: -1 })).toThrow(/retries/)
  })
})
