import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app'
import { identityHash } from '../../../server/session/identity'
import { readProfile } from '../../../server/session/profile'
import { issueToken, readToken } from '../../../server/session/token'
import { outboxOpenKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { ErrorBody } from '../../../shared/protocol/errors'
import { type ConversationEntry, SessionResponse } from '../../../shared/widget-api'
import {
  createTestConfig,
  TEST_IDENTITY_SECRET,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { issueLegacyToken } from '../support/legacy-token'
import { openSse } from '../support/sse-client'
import { stopAfterEach } from '../support/stop-after-each'
import { createClientId, createTestApp, streamTicket, type TestApp } from '../support/test-app'
import { startTestServer, type TestServer } from '../support/test-server'

const DAY = 86_400_000
const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`

let t: TestApp
afterEach(() => t?.stop())
const servers = stopAfterEach((server: TestServer) => server.close())

/** A test app on a clock the test moves; the store shares it (record lifetimes). */
function createClockedApp(start = Date.UTC(2026, 10, 22)) {
  const clock = { now: start }
  const now = () => clock.now
  t = createTestApp({ now, store: createMemoryStore({ now }) })
  return clock
}

async function session(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('/api/session', { body, headers })
  return { res, json: await res.json() }
}

const userOf = (id: string, extra: Record<string, string> = {}) => ({
  id,
  hash: identityHash(TEST_IDENTITY_SECRET, id),
  ...extra,
})

async function all(store: Store, visitorId: string): Promise<ConversationEntry[]> {
  return store.readAfter(visitorId, undefined, 10_000)
}

const texts = (entries: ConversationEntry[]) =>
  entries.map((entry) => (entry.content.type === 'text' ? entry.content.text : ''))

async function fill(store: Store, visitorId: string, count: number, label: string) {
  for (let i = 0; i < count; i++)
    await store.append(visitorId, {
      author: i % 2 ? 'agent' : 'visitor',
      content: { type: 'text', text: `${label} ${i}` },
      at: Date.now(),
    })
}

async function postMessage(token: string, text: string) {
  return t.request('/api/messages', { token, body: { id: createClientId(), type: 'text', text } })
}

describe('POST /api/session', () => {
  it('gives a new visitor a random guest id and a token issued now', async () => {
    const clock = createClockedApp()
    const { res, json } = await session({})
    expect(res.status).toBe(200)
    const body = SessionResponse.parse(json)
    expect(body.visitorId).toMatch(/^[A-Za-z0-9_-]{21}$/)
    expect(readToken(TEST_SESSION_SECRET, body.token)).toEqual({
      visitor: { visitorId: body.visitorId, kind: 'guest' },
      issuedAt: clock.now,
      generation: 0,
    })
  })

  it('renews a valid token: the same visitor, a fresh token whose lifetime starts now (the slide)', async () => {
    const clock = createClockedApp()
    const first = await t.newVisitor()
    clock.now += 29 * DAY
    const renewed = SessionResponse.parse((await session({ token: first.token })).json)
    expect(renewed.visitorId).toBe(first.visitorId)
    expect(readToken(TEST_SESSION_SECRET, renewed.token)?.issuedAt).toBe(clock.now)
    clock.now += 2 * DAY
    // 31 days after it was issued the first token is dead; the renewed one lives on.
    const old = await session({ token: first.token })
    expect(old.res.status).toBe(401)
    expect(ErrorBody.parse(old.json).error).toEqual({
      code: 'session_expired',
      message: expect.stringMatching(/30 days.*start a new session/),
    })
    expect((await postMessage(first.token, 'hi')).status).toBe(401)
    expect((await postMessage(renewed.token, 'hi')).status).toBe(200)
  })

  it('follows SESSION_TTL_DAYS', async () => {
    const clock = { now: Date.UTC(2026, 10, 22) }
    const now = () => clock.now
    t = createTestApp({
      now,
      store: createMemoryStore({ now }),
      config: createTestConfig({}, { SESSION_TTL_DAYS: '2' }),
    })
    const { token } = await t.newVisitor()
    clock.now += 2 * DAY - 1
    expect((await session({ token })).res.status).toBe(200)
    clock.now += 1
    expect((await session({ token })).res.status).toBe(401)
  })

  it('refuses a forged or damaged token with 401', async () => {
    t = createTestApp()
    const forged = issueToken(
      'another-secret-that-is-long-enough-000000',
      { visitorId: 'someone', kind: 'guest' },
      { issuedAt: Date.now(), generation: 0 },
    )
    for (const token of [forged, 'garbage', `${(await t.newVisitor()).token}x`]) {
      const { res, json } = await session({ token })
      expect(res.status, token).toBe(401)
      expect(ErrorBody.parse(json).error.code).toBe('invalid_token')
    }
  })

  it('stores the contact and returns it on later sessions', async () => {
    t = createTestApp()
    const { json } = await session({ contact: { name: 'Ada', email: 'ada@example.com' } })
    const first = SessionResponse.parse(json)
    expect(first.contact).toEqual({ name: 'Ada', email: 'ada@example.com' })
    const again = SessionResponse.parse(
      (await session({ token: first.token, contact: { phone: '+1 234 567' } })).json,
    )
    expect(again.contact).toEqual({ name: 'Ada', email: 'ada@example.com', phone: '+1 234 567' })
  })

  it('refuses a contact whose e-mail or phone is malformed: 400 naming the field, nothing stored', async () => {
    t = createTestApp()
    const first = SessionResponse.parse((await session({ contact: { name: 'Ada' } })).json)
    for (const [contact, field] of [
      [{ email: 'nope' }, 'contact.email'],
      [{ phone: 'call me' }, 'contact.phone'],
    ] as const) {
      const { res, json } = await session({ token: first.token, contact })
      expect(res.status).toBe(400)
      const { error } = ErrorBody.parse(json)
      expect(error.code).toBe('invalid_request')
      expect(error.message).toContain(field)
    }
    const again = SessionResponse.parse((await session({ token: first.token })).json)
    expect(again.contact).toEqual({ name: 'Ada' })
  })

  it('gives a verified user the id user:<id>, the same on every device', async () => {
    t = createTestApp()
    const user = userOf('user-77', { name: 'Grace' })
    const a = SessionResponse.parse((await session({ user })).json)
    const b = SessionResponse.parse((await session({ user })).json)
    expect(a.visitorId).toBe('user:user-77')
    expect(b.visitorId).toBe('user:user-77')
    expect(a.contact.name).toBe('Grace')
    expect(readToken(TEST_SESSION_SECRET, a.token)?.visitor).toEqual({
      visitorId: 'user:user-77',
      kind: 'user',
    })
  })

  it('never opens a guest’s conversation to a verified user whose id equals the guest’s id', async () => {
    t = createTestApp()
    const guest = await t.newVisitor()
    expect((await postMessage(guest.token, 'my secret order number')).status).toBe(200)
    const { json } = await session({ user: userOf(guest.visitorId) })
    const user = SessionResponse.parse(json)
    expect(user.visitorId).toBe(`user:${guest.visitorId}`)
    expect(await all(t.deps.store, user.visitorId)).toEqual([])
    expect((await postMessage(user.token, 'hello')).status).toBe(200)
    expect(texts(await all(t.deps.store, guest.visitorId))).toEqual(['my secret order number'])
    expect(texts(await all(t.deps.store, user.visitorId))).toEqual(['hello'])
    // And the service keeps the two apart: different sender.id.
    const senders = t.service.calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as { sender: { id: string } }).sender.id)
    expect(senders).toEqual([guest.visitorId, `user:${guest.visitorId}`])
  })

  it('refuses a wrong identity hash with 401 instead of making a guest', async () => {
    t = createTestApp()
    const { res, json } = await session({
      user: { id: 'user-77', hash: identityHash('wrong-secret-xxxxxxxx', 'user-77') },
    })
    expect(res.status).toBe(401)
    expect(ErrorBody.parse(json).error.code).toBe('invalid_identity')
  })

  it('explains that identity verification is off when IDENTITY_SECRET is unset', async () => {
    t = createTestApp({ config: createTestConfig({ identitySecret: undefined }) })
    const { res, json } = await session({ user: { id: 'u1', hash: 'a'.repeat(64) } })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json).error.message).toMatch(/IDENTITY_SECRET/)
  })

  it('names the bad field of an invalid body', async () => {
    t = createTestApp()
    const { res, json } = await session({ user: { id: 'u1', hash: 'nothex' } })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json)).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/^user\.hash: /) },
    })
  })

  it('answers 400 to a body that is not JSON', async () => {
    t = createTestApp()
    const res = await t.request('/api/session', { body: '{not json' })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(await res.json()).error.code).toBe('invalid_request')
  })

  it('refuses a body over 8 KB with 413', async () => {
    t = createTestApp()
    const { res } = await session({ contact: { name: 'x'.repeat(10_000) } })
    expect(res.status).toBe(413)
  })

  it('limits sessions per address with 429 and Retry-After', async () => {
    t = createTestApp({ config: createTestConfig({}, { RATE_LIMIT_SESSIONS_PER_MINUTE: '3' }) })
    for (let i = 0; i < 3; i++) expect((await session({})).res.status).toBe(200)
    const { res, json } = await session({})
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(ErrorBody.parse(json).error.code).toBe('rate_limited')
  })

  it('lets the browser keep an API preflight for two hours (Chromium keeps one no longer)', async () => {
    t = createTestApp()
    const res = await t.app.request('/api/session', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-max-age')).toBe('7200')
  })

  it('refuses a browser on an origin that is not allowed', async () => {
    t = createTestApp()
    const { res, json } = await session({}, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(ErrorBody.parse(json).error.message).toMatch(/ALLOWED_ORIGINS/)
  })

  it('answers the CORS preflight of an allowed origin, DELETE included', async () => {
    t = createTestApp()
    for (const method of ['POST', 'DELETE']) {
      const res = await t.app.request('/api/session', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization',
        },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example')
      expect(res.headers.get('access-control-allow-methods')).toContain(method)
    }
  })
})

describe('identify() after guest messages', () => {
  it('merges a 300-entry guest conversation into a user’s 100 in order, nothing twice on a retry, and routes later agent replies to the guest id to the user’s stream', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const { store } = server
    const post = async (body: unknown) => {
      const res = await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    }
    const guest = SessionResponse.parse((await post({})).body)
    const user = userOf('customer-9001')
    await fill(store, 'user:customer-9001', 100, 'user')
    await fill(store, guest.visitorId, 300, 'guest')

    const first = await post({ user, token: guest.token })
    expect(first.status).toBe(200)
    const merged = SessionResponse.parse(first.body)
    expect(merged.visitorId).toBe('user:customer-9001')
    const expected = [
      ...Array.from({ length: 100 }, (_, i) => `user ${i}`),
      ...Array.from({ length: 300 }, (_, i) => `guest ${i}`),
    ]
    expect(texts(await all(store, merged.visitorId))).toEqual(expected)
    // The widget retries identify (say its answer was lost): nothing is copied twice.
    expect((await post({ user, token: guest.token })).status).toBe(200)
    expect(texts(await all(store, merged.visitorId))).toEqual(expected)

    const stream = openSse(`${server.url}/api/events`, {
      authorization: `Bearer ${merged.token}`,
    })
    await stream.ready
    expect(stream.status).toBe(200)
    const reply = createAgentMessage({
      recipientId: guest.visitorId,
      message: { text: 'Reply to the chat the service knows by the guest id' },
    })
    const hook = await fetch(`${server.url}${HOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reply),
    })
    expect(await hook.json()).toEqual({ result: 'ok' })
    await expect
      .poll(() => stream.messages().map((entry) => entry.content.text))
      .toContain('Reply to the chat the service knows by the guest id')
    stream.close()
    const log = texts(await all(store, merged.visitorId))
    expect(log).toHaveLength(401)
    expect(log.at(-1)).toBe('Reply to the chat the service knows by the guest id')
    expect(await all(store, guest.visitorId)).toHaveLength(300)
  })

  it('carries the guest’s contact over where the user has none; what the page says wins', async () => {
    t = createTestApp()
    const guest = SessionResponse.parse(
      (await session({ contact: { name: 'Guest name', email: 'guest@example.com' } })).json,
    )
    const { json } = await session({
      user: userOf('u-5', { name: 'Grace Hopper' }),
      token: guest.token,
    })
    expect(SessionResponse.parse(json).contact).toEqual({
      name: 'Grace Hopper',
      email: 'guest@example.com',
    })
    expect((await readProfile(t.deps.store, 'user:u-5')).contact.email).toBe('guest@example.com')
  })

  it('carries the guest’s index of messages still waiting into the user’s, naming the guest’s items', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const { store } = server
    const res = await fetch(`${server.url}/api/session`, { method: 'POST', body: '{}' })
    const guest = SessionResponse.parse(await res.json())
    await store.indexAdd(outboxOpenKey(guest.visitorId), 'm-waiting-0001', DAY)
    const merged = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: userOf('customer-9002'), token: guest.token }),
    })
    expect(merged.status).toBe(200)
    expect(await store.indexMembers(outboxOpenKey('user:customer-9002'))).toEqual([
      `${guest.visitorId}:m-waiting-0001`,
    ])
  })

  it('does not merge a guest already merged into another user, nor an expired or revoked guest session', async () => {
    const clock = createClockedApp()
    const store = t.deps.store
    const shared = await t.newVisitor()
    await fill(store, shared.visitorId, 2, 'shared computer')
    expect((await session({ user: userOf('alice'), token: shared.token })).res.status).toBe(200)
    expect((await session({ user: userOf('mallory'), token: shared.token })).res.status).toBe(200)
    expect(await all(store, 'user:mallory')).toEqual([])
    expect(await all(store, 'user:alice')).toHaveLength(2)

    const revoked = await t.newVisitor()
    await fill(store, revoked.visitorId, 1, 'revoked')
    expect(
      (await t.request('/api/session', { method: 'DELETE', token: revoked.token })).status,
    ).toBe(204)
    const afterRevoke = await session({ user: userOf('bob'), token: revoked.token })
    expect(afterRevoke.res.status).toBe(200)
    expect(await all(store, 'user:bob')).toEqual([])

    const old = await t.newVisitor()
    await fill(store, old.visitorId, 1, 'old')
    clock.now += 31 * DAY
    expect((await session({ user: userOf('carol'), token: old.token })).res.status).toBe(200)
    expect(await all(store, 'user:carol')).toEqual([])
  })

  it('refuses a forged guest token with 401 rather than ignoring it', async () => {
    t = createTestApp()
    const { res, json } = await session({ user: userOf('dave'), token: 'forged.token' })
    expect(res.status).toBe(401)
    expect(ErrorBody.parse(json).error.code).toBe('invalid_token')
  })
})

describe('DELETE /api/session', () => {
  it('revokes the credential on every device and every instance: 401 session_revoked', async () => {
    const store = createMemoryStore()
    t = createTestApp({ store })
    const other = createApp({ ...t.deps })
    const user = userOf('u-77')
    const phone = SessionResponse.parse((await session({ user })).json)
    const laptop = SessionResponse.parse((await session({ user })).json)
    const ticket = await t.request('/api/events/ticket', { method: 'POST', token: laptop.token })
    const { ticket: laptopTicket } = (await ticket.json()) as { ticket: string }

    const res = await t.request('/api/session', { method: 'DELETE', token: phone.token })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')

    for (const token of [phone.token, laptop.token]) {
      const refused = await postMessage(token, 'still there?')
      expect(refused.status).toBe(401)
      expect(ErrorBody.parse(await refused.json()).error).toEqual({
        code: 'session_revoked',
        message: expect.stringMatching(/start a new session/),
      })
      // The other instance reads the same record.
      const elsewhere = await other.request('/api/messages', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: createClientId(), type: 'text', text: 'x' }),
      })
      expect(elsewhere.status).toBe(401)
      expect((await session({ token })).res.status).toBe(401)
    }
    const stream = await t.request(`/api/events?ticket=${encodeURIComponent(laptopTicket)}`)
    expect(stream.status).toBe(401)
    expect(ErrorBody.parse(await stream.json()).error.code).toBe('session_revoked')

    // Signing in again gives a working credential.
    const again = SessionResponse.parse((await session({ user })).json)
    expect((await postMessage(again.token, 'back')).status).toBe(200)
  })

  it('ends streams that are already open when the credential is revoked', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const url = server.url
    const start = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const visitor = SessionResponse.parse(await start.json())
    const streams = [0, 1].map(() =>
      openSse(`${url}/api/events`, { authorization: `Bearer ${visitor.token}` }),
    )
    await Promise.all(streams.map((stream) => stream.ready))
    expect(streams.map((stream) => stream.status)).toEqual([200, 200])
    const res = await fetch(`${url}/api/session`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${visitor.token}` },
    })
    expect(res.status).toBe(204)
    await expect.poll(() => streams.every((stream) => stream.ended)).toBe(true)
    const again = openSse(`${url}/api/events`, { authorization: `Bearer ${visitor.token}` })
    await again.ready
    expect(again.status).toBe(401)
    again.close()
  })

  it('answers 401 with a Bearer challenge without a token', async () => {
    t = createTestApp()
    const res = await t.request('/api/session', { method: 'DELETE' })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="porthole"')
    expect(ErrorBody.parse(await res.json()).error.code).toBe('unauthorized')
  })
})

describe('POST /api/events/ticket', () => {
  it('answers a 60-second stream ticket naming the visitor', async () => {
    t = createTestApp()
    const visitor = await t.newVisitor()
    const res = await t.request('/api/events/ticket', { method: 'POST', token: visitor.token })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { ticket: string; expiresIn: number }
    expect(body.expiresIn).toBe(60)
    expect(body.ticket).toMatch(/^t2\./)
    expect(body.ticket).not.toContain(visitor.token)
  })

  it('needs a token, not a ticket', async () => {
    t = createTestApp()
    const visitor = await t.newVisitor()
    const ticket = await streamTicket(t, visitor.token)
    const res = await t.request('/api/events/ticket', { method: 'POST', token: ticket })
    expect(res.status).toBe(401)
    expect(ErrorBody.parse(await res.json()).error.code).toBe('invalid_token')
    // Nor in the URL: a ticket never buys another ticket.
    const byQuery = await t.request(`/api/events/ticket?ticket=${encodeURIComponent(ticket)}`, {
      method: 'POST',
    })
    expect(byQuery.status).toBe(401)
    expect(ErrorBody.parse(await byQuery.json()).error.code).toBe('unauthorized')
  })
})

describe('tokens of the first format', () => {
  it('keep working for SESSION_TTL_DAYS after the upgrade and are exchanged for a current token', async () => {
    const clock = createClockedApp()
    const legacy = issueLegacyToken(TEST_SESSION_SECRET, {
      visitorId: 'V1StGXR8_Z5jdHi6B-myT',
      kind: 'guest',
    })
    // The first request this version serves dates every old token.
    await t.newVisitor()
    clock.now += 10 * DAY
    const renewed = SessionResponse.parse((await session({ token: legacy })).json)
    expect(renewed.visitorId).toBe('V1StGXR8_Z5jdHi6B-myT')
    expect(readToken(TEST_SESSION_SECRET, renewed.token)?.issuedAt).toBe(clock.now)
    expect((await postMessage(legacy, 'old token, same visitor')).status).toBe(200)
    clock.now += 20 * DAY
    const expired = await session({ token: legacy })
    expect(expired.res.status).toBe(401)
    expect(ErrorBody.parse(expired.json).error.code).toBe('session_expired')
    expect((await postMessage(renewed.token, 'renewed lives on')).status).toBe(200)
  })

  it('move a user’s conversation from the raw id to user:<id>, with later agent replies to the raw id', async () => {
    t = createTestApp()
    const store = t.deps.store
    await fill(store, 'shop-user-7', 3, 'before')
    const legacy = issueLegacyToken(TEST_SESSION_SECRET, { visitorId: 'shop-user-7', kind: 'user' })
    const { json } = await session({ token: legacy })
    const renewed = SessionResponse.parse(json)
    expect(renewed.visitorId).toBe('user:shop-user-7')
    expect(texts(await all(store, 'user:shop-user-7'))).toEqual([
      'before 0',
      'before 1',
      'before 2',
    ])
    const hook = await t.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(createAgentMessage({ recipientId: 'shop-user-7' })),
    })
    expect(await hook.json()).toEqual({ result: 'ok' })
    expect(await all(store, 'user:shop-user-7')).toHaveLength(4)
  })

  it('move a user’s conversation on identify() too, once', async () => {
    t = createTestApp()
    const store = t.deps.store
    await fill(store, '1001', 2, 'before')
    await session({ user: userOf('1001') })
    await session({ user: userOf('1001') })
    expect(texts(await all(store, 'user:1001'))).toEqual(['before 0', 'before 1'])
  })
})
