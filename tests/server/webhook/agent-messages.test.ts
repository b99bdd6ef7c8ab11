import { afterEach, describe, expect, it } from 'vitest'
import { writeAlias } from '../../../server/session/alias'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import { IntegratorReply } from '../../../shared/protocol/chat-channel'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { recordingReads } from '../support/recording-reads'
import { createTestApp, type TestApp } from '../support/test-app'

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`

let t: TestApp
afterEach(() => t?.stop())

async function deliver(body: unknown, path = HOOK, headers: Record<string, string> = {}) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { res, json: await res.json() }
}

describe('POST /hooks/:secret/:channelId (A3)', () => {
  it('stores an agent message durably, answers ok and pushes it to the visitor', async () => {
    t = createTestApp()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe('visitor-1', (event) => events.push(event))
    const body = createAgentMessage({ recipientId: 'visitor-1' })
    const { res, json } = await deliver(body)
    expect(res.status).toBe(200)
    expect(IntegratorReply.parse(json)).toEqual({ result: 'ok' })
    const [entry] = await t.deps.store.readAfter('visitor-1', undefined, 10)
    expect(entry).toMatchObject({
      author: 'agent',
      name: 'Anna',
      photo: 'https://cdn.example/anna.png',
      content: body.message,
    })
    expect(events).toEqual([{ event: 'message', data: entry }])
  })

  it('answers a repeated message.id ok without a second delivery', async () => {
    t = createTestApp()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe('visitor-1', (event) => events.push(event))
    const body = createAgentMessage()
    expect((await deliver(body)).json).toEqual({ result: 'ok' })
    expect((await deliver(body)).json).toEqual({ result: 'ok' })
    expect(await t.deps.store.readAfter('visitor-1', undefined, 10)).toHaveLength(1)
    expect(events).toHaveLength(1)
  })

  it('answers 200 with invalid_request for a body that is not UTF-8 or is empty, storing nothing', async () => {
    t = createTestApp()
    const json = JSON.stringify(createAgentMessage({ recipientId: 'visitor-8' }))
    const bytes = new TextEncoder().encode(json)
    // A lone continuation byte inside the text: not UTF-8, never stored as U+FFFD.
    const at = json.indexOf('"text":"') + 8
    const broken = Uint8Array.of(...bytes.slice(0, at), 0x80, ...bytes.slice(at))
    for (const [body, message] of [
      [broken, /^body: is not valid UTF-8/],
      ['', /^body: is not JSON/],
    ] as const) {
      const res = await t.app.request(HOOK, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(200)
      expect(IntegratorReply.parse(await res.json())).toEqual({
        error: { code: 'invalid_request', message: expect.stringMatching(message) },
      })
    }
    expect(await t.deps.store.readAfter('visitor-8', undefined, 10)).toEqual([])
  })

  it('keeps a message for a recipient it has never seen, under that id (numeric too)', async () => {
    t = createTestApp()
    await deliver(createAgentMessage({ recipientId: 1233 }))
    expect(await t.deps.store.readAfter('1233', undefined, 10)).toHaveLength(1)
  })

  it('stores media messages with their content', async () => {
    t = createTestApp()
    const message = {
      type: 'document',
      id: 'doc-1',
      file: 'https://cdn.example/a.pdf',
      file_name: 'a.pdf',
      file_size: 1234,
    }
    expect((await deliver(createAgentMessage({ message }))).json).toEqual({ result: 'ok' })
    const [entry] = await t.deps.store.readAfter('visitor-1', undefined, 1)
    expect(entry?.content).toMatchObject(message)
  })

  it('pushes typein/typeout without storing them', async () => {
    t = createTestApp()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe('visitor-1', (event) => events.push(event))
    expect(
      (await deliver(createAgentMessage({ message: { type: 'typein', text: undefined } }))).json,
    ).toEqual({ result: 'ok' })
    expect((await deliver(createAgentMessage({ message: { type: 'typeout' } }))).json).toEqual({
      result: 'ok',
    })
    expect(events).toEqual([
      { event: 'typing', data: { typing: true, name: 'Anna' } },
      { event: 'typing', data: { typing: false, name: 'Anna' } },
    ])
    expect(await t.deps.store.readAfter('visitor-1', undefined, 10)).toEqual([])
  })

  it.each([
    ['a body that is not JSON', '{"sender":', /^body: is not JSON/],
    ['a missing recipient', { message: { type: 'text', text: 'hi' } }, /^recipient: /],
    [
      'an empty text',
      createAgentMessage({ message: { text: '' } }),
      /^message\.text: must not be empty/,
    ],
    [
      'a photo without file_size',
      createAgentMessage({
        message: { type: 'photo', file: 'https://x.example/p.png', file_name: 'p.png' },
      }),
      /file_size/,
    ],
    [
      'an unknown message type',
      createAgentMessage({ message: { type: 'hologram' } }),
      /^message\.type: /,
    ],
  ])(
    'answers HTTP 200 with an invalid_request error naming the field for %s',
    async (_, body, message) => {
      t = createTestApp()
      const { res, json } = await deliver(body)
      expect(res.status).toBe(200)
      const reply = IntegratorReply.parse(json)
      expect(reply).toEqual({
        error: { code: 'invalid_request', message: expect.stringMatching(message) },
      })
      expect(await t.deps.store.readAfter('visitor-1', undefined, 10)).toEqual([])
    },
  )

  it.each([
    ['a wrong secret', `/hooks/wrong-secret-0000000000/chan42`],
    ['a secret prefix', `/hooks/${TEST_WEBHOOK_SECRET.slice(0, -1)}/chan42`],
    ['another channel id', `/hooks/${TEST_WEBHOOK_SECRET}/chan43`],
    ['no channel id', `/hooks/${TEST_WEBHOOK_SECRET}`],
  ])('answers 404 to %s', async (_, path) => {
    t = createTestApp()
    const { res } = await deliver(createAgentMessage(), path)
    expect(res.status).toBe(404)
    expect(await t.deps.store.readAfter('visitor-1', undefined, 10)).toEqual([])
  })

  it('stores a reply to a merged guest in the user’s log in one store call, without reading the alias itself', async () => {
    const store = createMemoryStore()
    const { store: counting, reads } = recordingReads(store)
    t = createTestApp({ store: counting })
    await writeAlias(store, 'guest-1', { visitorId: 'user:ann' }, 60_000)
    const events: VisitorEvent[] = []
    store.subscribe('user:ann', (event) => events.push(event))
    const body = createAgentMessage({ recipientId: 'guest-1' })
    expect((await deliver(body)).json).toEqual({ result: 'ok' })
    expect((await deliver(body)).json).toEqual({ result: 'ok' })
    const stored = await store.readAfter('user:ann', undefined, 10)
    expect(stored.map((entry) => entry.content)).toEqual([body.message])
    expect(await store.readAfter('guest-1', undefined, 10)).toEqual([])
    expect(events).toEqual([{ event: 'message', data: stored[0] }])
    expect(reads.filter((key) => key.startsWith('alias:'))).toEqual([])
    // Typing is not stored: it still reads the alias to know whose streams to tell.
    const typing: VisitorEvent[] = []
    store.subscribe('user:ann', (event) => typing.push(event))
    await deliver(createAgentMessage({ recipientId: 'guest-1', message: { type: 'typein' } }))
    expect(typing.map((event) => event.event)).toEqual(['typing'])
  })

  it('never follows an alias for a user id (user ids are never aliased)', async () => {
    t = createTestApp()
    await writeAlias(t.deps.store, 'user:bob', { visitorId: 'user:someone-else' }, 60_000)
    expect((await deliver(createAgentMessage({ recipientId: 'user:bob' }))).json).toEqual({
      result: 'ok',
    })
    expect(await t.deps.store.readAfter('user:bob', undefined, 10)).toHaveLength(1)
    expect(await t.deps.store.readAfter('user:someone-else', undefined, 10)).toEqual([])
  })

  it('answers 413 to a body over 64 KB', async () => {
    t = createTestApp()
    const { res } = await deliver(createAgentMessage({ message: { text: 'x'.repeat(70_000) } }))
    expect(res.status).toBe(413)
  })

  it('answers non-ok when the store fails, so the service retries', async () => {
    const failing: Store = {
      ...createMemoryStore(),
      append: async () => Promise.reject(new Error('disk full')),
    }
    t = createTestApp({ store: failing })
    const { res, json } = await deliver(createAgentMessage())
    expect(res.status).toBe(503)
    expect(json).toEqual({ error: { code: 'unavailable', message: expect.any(String) } })
  })

  it('answers a 10,000-deep body 200 invalid_request (permanent), not 503', async () => {
    t = createTestApp()
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const body = JSON.stringify(createAgentMessage()).replace(
      '"type":"text"',
      `"extra":${deep},"type":"text"`,
    )
    const { res, json } = await deliver(body)
    expect(res.status).toBe(200)
    expect(IntegratorReply.parse(json)).toEqual({
      error: { code: 'invalid_request', message: 'body: nested more than 64 levels deep' },
    })
    expect(await t.deps.store.readAfter('visitor-1', undefined, 10)).toEqual([])
  })

  it('accepts a body nested 64 levels deep', async () => {
    t = createTestApp()
    // message (2) + extra: 62 more levels = 64.
    const body = createAgentMessage({
      message: { extra: JSON.parse(`${'['.repeat(62)}${']'.repeat(62)}`) },
    })
    expect((await deliver(body)).json).toEqual({ result: 'ok' })
  })

  it('answers 200 invalid_request when the store refuses the message for good', async () => {
    const store = createMemoryStore()
    const refusing: Store = {
      ...store,
      append: async () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
    }
    t = createTestApp({ store: refusing })
    const { res, json } = await deliver(createAgentMessage())
    expect(res.status).toBe(200)
    expect(IntegratorReply.parse(json)).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/cannot be stored/) },
    })
  })

  it('counts deliveries by outcome in /metrics', async () => {
    t = createTestApp()
    const body = createAgentMessage()
    await deliver(body)
    await deliver(body)
    await deliver('nope')
    const metrics = await (await t.app.request('/metrics')).text()
    expect(metrics).toContain('porthole_webhook_deliveries_total{outcome="ok"} 1')
    expect(metrics).toContain('porthole_webhook_deliveries_total{outcome="duplicate"} 1')
    expect(metrics).toContain('porthole_webhook_deliveries_total{outcome="invalid"} 1')
  })
})
