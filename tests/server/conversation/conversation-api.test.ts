import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { type RunningServer, startServer } from '../../../server/start'
import { ConversationEntry, SessionResponse, StoredContact } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { REAL_WORK } from '../../support/timeouts'
import { createFakeService } from '../support/fake-service'
import { openSse, type SseConnection } from '../support/sse-client'
import { createClientId } from '../support/test-app'

// The one contact profile and the end of a conversation, through the HTTP API.

const MINUTE = 60_000
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(settings: Record<string, unknown> = {}) {
  const service = createFakeService()
  const clock = { now: Date.now() }
  const server = await startServer({
    config: createTestConfig(),
    settings: createTestSettings(settings),
    fetch: service.fetch,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ write: () => {} }),
    staticDir: '/nonexistent-widget-build',
    now: () => clock.now,
  })
  cleanups.push(() => server.close())
  return { server, service, clock }
}

async function post(server: RunningServer, path: string, body: unknown, token?: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

async function session(server: RunningServer, body: unknown = {}) {
  return SessionResponse.parse(await (await post(server, '/api/session', body)).json())
}

async function stream(server: RunningServer, token: string): Promise<SseConnection> {
  const sse = openSse(`${server.url}/api/events`, { authorization: `Bearer ${token}` })
  cleanups.push(() => sse.close())
  await sse.ready
  return sse
}

const contacts = (sse: SseConnection) =>
  sse.events
    .filter((e) => e.event === 'contact')
    .map((e) => StoredContact.parse(JSON.parse(e.data)))

describe('one contact profile for every device', () => {
  it('a contact given on one device reaches the others live, and every new stream starts with it', async () => {
    const { server } = await start()
    const { token } = await session(server)
    const other = await stream(server, token)
    await vi.waitFor(
      () => expect(other.comments.length + other.events.length).toBeGreaterThan(0),
      REAL_WORK,
    )
    // Nothing known yet: no contact event.
    expect(contacts(other)).toEqual([])
    await session(server, { token, contact: { email: 'ann@example.com' } })
    await vi.waitFor(
      () => expect(contacts(other)).toEqual([{ email: 'ann@example.com' }]),
      REAL_WORK,
    )
    // The same details again change nothing: no event.
    await session(server, { token, contact: { email: 'ann@example.com' } })
    await session(server, { token, contact: { name: 'Ann' } })
    await vi.waitFor(() => expect(contacts(other)).toHaveLength(2), REAL_WORK)
    expect(contacts(other)[1]).toEqual({ email: 'ann@example.com', name: 'Ann' })
    const later = await stream(server, token)
    await vi.waitFor(
      () => expect(contacts(later)).toEqual([{ email: 'ann@example.com', name: 'Ann' }]),
      REAL_WORK,
    )
    expect(later.events[0]?.event).toBe('contact')
  })
})

describe('chatIdleMinutes', () => {
  it('the first message after the idle time ends the old conversation first; replays show the end', async () => {
    const { server, clock } = await start({ chatIdleMinutes: 30 })
    const { token } = await session(server)
    const send = (text: string) =>
      post(server, '/api/messages', { id: createClientId(), type: 'text', text }, token)
    expect((await send('first')).status).toBe(200)
    const firstAt = clock.now
    clock.now += 10 * MINUTE
    expect((await send('second, within the time')).status).toBe(200)
    clock.now += 45 * MINUTE
    expect((await send('third, a new conversation')).status).toBe(200)
    const sse = await stream(server, token)
    await vi.waitFor(() => expect(sse.messages()).toHaveLength(4), REAL_WORK)
    const entries = sse.messages().map((data) => ConversationEntry.parse(data))
    expect(entries.map((entry) => entry.ended ?? entry.content.type)).toEqual([
      'text',
      'text',
      'idle',
      'text',
    ])
    expect(entries[2]?.at).toBe(firstAt + 10 * MINUTE + 30 * MINUTE)
  })

  it('a stream opening after the idle time replays the end; without the setting nothing ends', async () => {
    const { server, clock } = await start({ chatIdleMinutes: 5 })
    const { token } = await session(server)
    await post(server, '/api/messages', { id: createClientId(), type: 'text', text: 'hi' }, token)
    clock.now += 6 * MINUTE
    const sse = await stream(server, token)
    await vi.waitFor(() => expect(sse.messages()).toHaveLength(2), REAL_WORK)
    expect(sse.messages()[1]).toMatchObject({ author: 'system', ended: 'idle' })

    const off = await start()
    const guest = await session(off.server)
    await post(
      off.server,
      '/api/messages',
      { id: createClientId(), type: 'text', text: 'hi' },
      guest.token,
    )
    off.clock.now += 20 * 24 * 60 * MINUTE
    const quiet = await stream(off.server, guest.token)
    await vi.waitFor(() => expect(quiet.messages()).toHaveLength(1), REAL_WORK)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(quiet.messages()).toHaveLength(1)
  })
})

describe('delivery states on every device', () => {
  const deliveries = (sse: SseConnection) =>
    sse.events.filter((e) => e.event === 'delivery').map((e) => JSON.parse(e.data).state)

  it('another device sees a message pending until the service accepts it, then sent', async () => {
    const { server } = await start()
    const { token } = await session(server)
    const other = await stream(server, token)
    await vi.waitFor(() => expect(other.comments.length).toBeGreaterThan(0), REAL_WORK)
    const id = createClientId()
    expect(
      (await post(server, '/api/messages', { id, type: 'text', text: 'hi' }, token)).status,
    ).toBe(200)
    await vi.waitFor(() => expect(deliveries(other)).toEqual(['pending', 'sent']), REAL_WORK)
    // 'pending' came before the entry: the device never shows it as sent before the
    // service said so, not even between the entry and its first delivery event.
    const names = other.events.filter((e) => e.event !== 'contact').map((e) => e.event)
    expect(names).toEqual(['delivery', 'message', 'delivery'])
  })

  it('while the service fails, another device shows pending then delayed, never sent', async () => {
    const { server, service } = await start()
    const { token } = await session(server)
    const other = await stream(server, token)
    await vi.waitFor(() => expect(other.comments.length).toBeGreaterThan(0), REAL_WORK)
    service.setMessageDefault({ status: 503, body: 'down' })
    const res = await post(
      server,
      '/api/messages',
      { id: createClientId(), type: 'text', text: 'hi' },
      token,
    )
    expect(res.status).toBe(202)
    await vi.waitFor(() => expect(deliveries(other)[0]).toBe('pending'), REAL_WORK)
    expect(deliveries(other)).not.toContain('sent')
  })
})
