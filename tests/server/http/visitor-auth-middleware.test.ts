import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppEnv } from '../../../server/http/app-env'
import { createErrorHandler } from '../../../server/http/on-error'
import { visitorAuth } from '../../../server/http/visitor-auth-middleware'
import { createLogger } from '../../../server/logging/logger'
import { createSessions, type Sessions } from '../../../server/session/sessions'
import { issueTicket } from '../../../server/session/ticket'
import { issueToken } from '../../../server/session/token'
import { createMemoryStore } from '../../../server/store/memory-store'
import { ErrorBody } from '../../../shared/protocol/errors'
import { TEST_SESSION_SECRET } from '../../support/test-config'
import { recordingReads } from '../support/recording-reads'
import { openSse } from '../support/sse-client'
import { stopAfterEach } from '../support/stop-after-each'
import { createClientId, createTestApp, streamTicket, type TestApp } from '../support/test-app'
import { startTestServer, type TestServer } from '../support/test-server'

const DAY = 86_400_000

let t: TestApp
afterEach(() => t?.stop())
const servers = stopAfterEach((server: TestServer) => server.close())

async function errorOf(res: Response) {
  return ErrorBody.parse(await res.json()).error
}

const ROUTES = [
  { method: 'POST', path: '/api/messages', body: { id: 'client-0001', type: 'typein' } },
  { method: 'GET', path: '/api/events' },
  { method: 'POST', path: '/api/events/ticket' },
  { method: 'GET', path: '/api/history' },
  { method: 'POST', path: '/api/read', body: { upTo: '1' } },
  { method: 'DELETE', path: '/api/session' },
] as const

describe('visitorAuth()', () => {
  it('answers 401 with a Bearer challenge on every visitor route without a credential', async () => {
    t = createTestApp()
    for (const route of ROUTES) {
      const res = await t.request(route.path, {
        method: route.method,
        ...('body' in route ? { body: route.body } : {}),
      })
      expect(res.status, route.path).toBe(401)
      expect(res.headers.get('www-authenticate'), route.path).toBe('Bearer realm="porthole"')
      expect((await errorOf(res)).code, route.path).toBe('unauthorized')
    }
  })

  it('refuses a token in the URL anywhere, valid or not, and explains the ticket', async () => {
    t = createTestApp()
    const { token } = await t.newVisitor()
    for (const path of ['/api/events', '/api/messages', '/api/history']) {
      const res = await t.request(`${path}?token=${encodeURIComponent(token)}`, {
        method: path === '/api/messages' ? 'POST' : 'GET',
      })
      expect(res.status, path).toBe(401)
      const error = await errorOf(res)
      expect(error.code).toBe('token_in_url')
      expect(error.message).toMatch(/POST \/api\/events\/ticket.*\?ticket=/)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /)
    }
  })

  it('answers an expired token with 401 session_expired and error="invalid_token"', async () => {
    const clock = { now: Date.UTC(2026, 10, 22) }
    const now = () => clock.now
    t = createTestApp({ now, store: createMemoryStore({ now }) })
    const { token } = await t.newVisitor()
    clock.now += 30 * DAY
    const res = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'hello?' },
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="porthole", error="invalid_token"',
    )
    expect(await errorOf(res)).toEqual({
      code: 'session_expired',
      message: expect.stringMatching(/start a new session with POST \/api\/session/),
    })
    expect(t.service.calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('takes a ticket only on the stream route', async () => {
    t = createTestApp()
    const visitor = await t.newVisitor()
    const ticket = await streamTicket(t, visitor.token)
    const res = await t.request(`/api/messages?ticket=${ticket}`, {
      body: { id: createClientId(), type: 'text', text: 'hi' },
    })
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('unauthorized')
  })

  it('reads the revocation record once per request', async () => {
    const store = createMemoryStore()
    const { store: counting, reads } = recordingReads(store)
    t = createTestApp({ store: counting })
    const { token, visitorId } = await t.newVisitor()
    reads.length = 0
    const res = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'hello' },
    })
    expect(res.status).toBe(200)
    expect(reads.filter((key) => key === `session-generation:${visitorId}`)).toHaveLength(1)
  })
})

describe('GET /api/events credentials (on a socket)', () => {
  it('opens the stream with a ticket from POST /api/events/ticket, or a Bearer header', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const session = (await (
      await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { token: string; visitorId: string }
    await server.store.append(session.visitorId, {
      author: 'agent',
      content: { type: 'text', text: 'Welcome back' },
      at: Date.now(),
    })
    const { ticket } = (await (
      await fetch(`${server.url}/api/events/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { ticket: string }
    const byTicket = openSse(`${server.url}/api/events?ticket=${encodeURIComponent(ticket)}`)
    const byHeader = openSse(`${server.url}/api/events`, {
      authorization: `Bearer ${session.token}`,
    })
    await Promise.all([byTicket.ready, byHeader.ready])
    for (const stream of [byTicket, byHeader]) {
      expect(stream.status).toBe(200)
      await expect
        .poll(() => stream.messages().map((entry) => entry.content.text))
        .toEqual(['Welcome back'])
      stream.close()
    }
  })

  it('opens one stream per ticket: a second use is refused, on this instance or another', async () => {
    const store = createMemoryStore()
    const server = servers(await startTestServer({ store }))
    const other = await startTestServer({ store })
    try {
      const session = (await (
        await fetch(`${server.url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { token: string }
      const { ticket } = (await (
        await fetch(`${server.url}/api/events/ticket`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json()) as { ticket: string }
      const url = `/api/events?ticket=${encodeURIComponent(ticket)}`
      const first = openSse(`${server.url}${url}`)
      await first.ready
      expect(first.status).toBe(200)
      for (const base of [server.url, other.url]) {
        const again = await fetch(`${base}${url}`)
        expect(again.status).toBe(401)
        expect((await errorOf(again)).code).toBe('ticket_used')
      }
      first.close()
    } finally {
      await other.close()
    }
  })

  it('refuses an expired ticket, a forged one and a token in the URL', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const visitor = { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const }
    const expired = issueTicket(TEST_SESSION_SECRET, visitor, {
      expiresAt: Date.now() - 1,
      generation: 0,
    })
    const forged = issueTicket('another-secret-0123456789abcdef01234567', visitor, {
      expiresAt: Date.now() + 60_000,
      generation: 0,
    })
    const token = issueToken(TEST_SESSION_SECRET, visitor, { issuedAt: Date.now(), generation: 0 })
    const cases = [
      [`ticket=${expired}`, 'ticket_expired'],
      [`ticket=${forged}`, 'invalid_ticket'],
      [`token=${token}`, 'token_in_url'],
    ] as const
    for (const [query, code] of cases) {
      const res = await fetch(`${server.url}/api/events?${query}`)
      expect(res.status, code).toBe(401)
      expect((await errorOf(res)).code).toBe(code)
    }
  })
})

describe('visitorAuth() in front of a route', () => {
  it('verifies the token once and hands the route the visitor; no credential in the URL', async () => {
    const sessions = createSessions({
      store: createMemoryStore(),
      secret: TEST_SESSION_SECRET,
      ttlMs: DAY,
      keepMs: DAY,
      now: Date.now,
    })
    let checks = 0
    const counted: Sessions = {
      ...sessions,
      authenticate: (token) => {
        checks += 1
        return sessions.authenticate(token)
      },
    }
    const base = new Hono<AppEnv>()
    base.onError(createErrorHandler(createLogger({ level: 'error', write: () => {} })))
    const app = base
      .use('/who', visitorAuth({ sessions: counted }))
      .get('/who', (c) => c.json({ ...c.get('visitor'), generation: c.get('visitorGeneration') }))
    const token = await sessions.issue({ visitorId: 'abc', kind: 'guest' })
    const ok = await app.request('/who', { headers: { authorization: `Bearer ${token}` } })
    expect(await ok.json()).toEqual({ visitorId: 'abc', kind: 'guest', generation: 0 })
    expect(checks).toBe(1)
    const inUrl = await app.request(`/who?token=${token}`)
    expect(inUrl.status).toBe(401)
    expect((await errorOf(inUrl)).code).toBe('token_in_url')
    const bad = await app.request('/who', { headers: { authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token')
    expect((await app.request('/who')).status).toBe(401)
    expect(checks).toBe(2)
  })
})
