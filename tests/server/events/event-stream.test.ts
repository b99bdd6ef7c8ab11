import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConversationEntry } from '../../../shared/widget-api'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { createFakeService } from '../support/fake-service'
import { newVisitor } from '../support/new-visitor'
import { openSse, type SseConnection } from '../support/sse-client'
import { startTestServer, type TestServer } from '../support/test-server'

/** vi.waitFor with room for a busy machine: real sockets and stores answer when they can. */
function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
) {
  return vi.waitFor(check, { timeout: REAL_WORK_TIMEOUT_MS, interval: 25, ...options })
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer({ env })
  cleanups.push(() => server.close())
  return server
}

/** The visitor's token as the stream's Authorization header (tokens never go in URLs). */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function connect(url: string, headers: Record<string, string> = {}): SseConnection {
  const sse = openSse(url, headers)
  cleanups.push(() => {
    sse.close()
  })
  return sse
}

async function agentSays(server: TestServer, visitorId: string, text: string) {
  const res = await fetch(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(createAgentMessage({ recipientId: visitorId, message: { text } })),
  })
  expect(await res.json()).toEqual({ result: 'ok' })
}

const texts = (sse: SseConnection) =>
  sse
    .messages()
    .map((m) => ConversationEntry.parse(m).content)
    .map((c) => ('text' in c ? c.text : ''))

describe('GET /api/events over a real socket', () => {
  it('streams agent messages with ids, typing, and the visitor’s own messages from other tabs', async () => {
    const server = await start()
    const { token, visitorId } = await newVisitor(server)
    const sse = connect(`${server.url}/api/events`, bearer(token))
    await sse.ready
    expect(sse.status).toBe(200)
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    await eventually(() => expect(sse.comments).toContain('connected'))
    expect(sse.retry).toBe(3000)
    await agentSays(server, visitorId, 'Hi from Anna')
    await fetch(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      body: JSON.stringify(
        createAgentMessage({ recipientId: visitorId, message: { type: 'typein' } }),
      ),
    })
    await fetch(`${server.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        id: 'tab-two-message-1',
        type: 'text',
        text: 'sent from another tab',
      }),
    })
    // The own message comes between its deliveries: pending before it (so it never shows
    // as sent meanwhile), sent once the service took it.
    await eventually(() =>
      expect(sse.events.map((e) => e.event)).toEqual([
        'message',
        'typing',
        'delivery',
        'message',
        'delivery',
      ]),
    )
    const [agent, typing, , own] = sse.events
    expect(agent?.id).toBe(ConversationEntry.parse(JSON.parse(agent?.data ?? '')).id)
    expect(JSON.parse(agent?.data ?? '')).toMatchObject({
      author: 'agent',
      name: 'Anna',
      content: { text: 'Hi from Anna' },
      at: expect.any(Number),
    })
    expect(typing?.id).toBeUndefined()
    expect(JSON.parse(typing?.data ?? '')).toEqual({ typing: true, name: 'Anna' })
    expect(JSON.parse(own?.data ?? '')).toMatchObject({
      author: 'visitor',
      clientId: 'tab-two-message-1',
    })
  })

  it('replays after Last-Event-ID (header), and after lastEventId (query) on the first connection', async () => {
    const server = await start()
    const { token, visitorId } = await newVisitor(server)
    for (const text of ['one', 'two', 'three']) await agentSays(server, visitorId, text)
    const all = connect(`${server.url}/api/events`, bearer(token))
    await eventually(() => expect(texts(all)).toEqual(['one', 'two', 'three']))
    const firstId = all.events[0]?.id ?? ''
    const byHeader = connect(`${server.url}/api/events`, {
      ...bearer(token),
      'last-event-id': firstId,
    })
    await eventually(() => expect(texts(byHeader)).toEqual(['two', 'three']))
    const byQuery = connect(
      `${server.url}/api/events?lastEventId=${encodeURIComponent(all.events[1]?.id ?? '')}`,
      bearer(token),
    )
    await eventually(() => expect(texts(byQuery)).toEqual(['three']))
  })

  it('refuses a bogus Last-Event-ID and a missing or foreign token', async () => {
    const server = await start()
    const { token } = await newVisitor(server)
    const bogus = await fetch(`${server.url}/api/events?lastEventId=not-an-id`, {
      headers: bearer(token),
    })
    expect(bogus.status).toBe(400)
    expect((await fetch(`${server.url}/api/events`)).status).toBe(401)
    expect((await fetch(`${server.url}/api/events`, { headers: bearer(`${token}x`) })).status).toBe(
      401,
    )
  })

  it('opens only the token’s own visitor stream', async () => {
    const server = await start()
    const alice = await newVisitor(server)
    const bob = await newVisitor(server)
    const bobStream = connect(`${server.url}/api/events`, bearer(bob.token))
    await agentSays(server, alice.visitorId, 'for Alice only')
    await agentSays(server, bob.visitorId, 'for Bob')
    await eventually(() => expect(texts(bobStream)).toEqual(['for Bob']))
  })

  it('sends heartbeats so dead peers are found', async () => {
    const server = await start({ HEARTBEAT_SECONDS: '1' })
    const { token } = await newVisitor(server)
    const sse = connect(`${server.url}/api/events`, bearer(token))
    await eventually(() => expect(sse.comments).toContain('ping'), { timeout: 10_000 })
  })

  it('forgets a stream when the client disconnects', async () => {
    const server = await start()
    const { token } = await newVisitor(server)
    const sse = connect(`${server.url}/api/events`, bearer(token))
    const openStreams = async () =>
      (await (await fetch(`${server.url}/metrics`)).text()).match(
        /^porthole_open_streams (\d+)$/m,
      )?.[1]
    await eventually(async () => expect(await openStreams()).toBe('1'))
    sse.close()
    await eventually(async () => expect(await openStreams()).toBe('0'))
  })

  it('ends streams on graceful shutdown so clients reconnect', async () => {
    const server = await startTestServer()
    const { token } = await newVisitor(server)
    const sse = connect(`${server.url}/api/events`, bearer(token))
    await eventually(() => expect(sse.comments).toContain('connected'))
    await server.close()
    await eventually(() => expect(sse.ended).toBe(true))
  })

  it('pushes a status event when the channel status changes', async () => {
    const service = createFakeService({ status: { status: 200, body: '1' } })
    const server = await startTestServer({ service, env: { STATUS_CACHE_SECONDS: '1' } })
    cleanups.push(() => server.close())
    const { token } = await newVisitor(server)
    const sse = connect(`${server.url}/api/events`, bearer(token))
    await eventually(() => expect(sse.comments).toContain('connected'))
    await fetch(`${server.url}/api/status`)
    service.setStatus({ status: 200, body: '0' })
    await eventually(
      async () => {
        await fetch(`${server.url}/api/status`)
        expect(
          sse.events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data)),
        ).toEqual([{ online: false }])
      },
      { timeout: 10_000, interval: 300 },
    )
  })

  it('loses nothing across a backend restart on the sqlite store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-restart-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const env = { STORE_URL: `sqlite:${join(dir, 'porthole.db')}` }
    const first = await startTestServer({ env })
    const { token, visitorId } = await newVisitor(first)
    const sse = connect(`${first.url}/api/events`, bearer(token))
    await agentSays(first, visitorId, 'before the restart')
    await eventually(() => expect(texts(sse)).toEqual(['before the restart']))
    const seen = sse.events[0]?.id ?? ''
    // Delivered while the visitor's stream is gone: must arrive on return.
    await agentSays(first, visitorId, 'while you were away')
    await first.close()
    const second = await startTestServer({ env })
    cleanups.push(() => second.close())
    await agentSays(second, visitorId, 'after the restart')
    const again = connect(`${second.url}/api/events`, { ...bearer(token), 'last-event-id': seen })
    await eventually(() =>
      expect(texts(again)).toEqual(['while you were away', 'after the restart']),
    )
  })
})
