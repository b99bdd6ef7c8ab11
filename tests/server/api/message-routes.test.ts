import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { runtimeOf } from '../../../server/app'
import { outboxItemKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import { CustomerMessage } from '../../../shared/protocol/chat-channel'
import { ErrorBody } from '../../../shared/protocol/errors'
import { PostMessageResponse } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { createFakeService, type FakeService } from '../support/fake-service'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => {
  t?.stop()
  vi.useRealTimers()
})

function setup(service: FakeService = createFakeService(), env: Record<string, string> = {}) {
  t = createTestApp({ config: createTestConfig({}, env), now: () => Date.now() }, service)
  return t
}

function textMessage(overrides: Record<string, unknown> = {}) {
  return { id: createClientId(), type: 'text', text: 'Hello, is anyone there?', ...overrides }
}

async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('/api/messages', { body, token, headers })
  const text = await res.text()
  return { res, json: text ? JSON.parse(text) : undefined }
}

/** How many A2 requests `service` has had once `ms` more have passed. */
async function askedAfter(service: FakeService, ms: number): Promise<number> {
  await vi.advanceTimersByTimeAsync(ms)
  return service.messages().length
}

function sentBodies(service: FakeService) {
  return service.messages().map((body) => CustomerMessage.parse(body))
}

describe('POST /api/messages: forwarding (A2)', () => {
  it('forwards a text with the visitor’s sender profile and answers 200 sent', async () => {
    const service = createFakeService()
    setup(service)
    const session = await t.request('/api/session', {
      body: { contact: { name: 'Ada', email: 'ada@example.com' } },
    })
    const { token, visitorId } = await session.json()
    const message = textMessage({
      url: 'https://shop.example/pricing',
      invite: 'Can I help you choose a plan?',
    })
    const { res, json } = await post(token, message)
    expect(res.status).toBe(200)
    const body = PostMessageResponse.parse(json)
    expect(body.delivery).toBe('sent')
    expect(body.entries).toEqual([
      expect.objectContaining({
        author: 'visitor',
        clientId: message.id,
        content: { type: 'text', text: message.text },
      }),
    ])
    expect(sentBodies(service)).toEqual([
      {
        sender: {
          id: visitorId,
          name: 'Ada',
          email: 'ada@example.com',
          url: 'https://shop.example/pricing',
          invite: 'Can I help you choose a plan?',
        },
        message: { type: 'text', id: message.id, text: message.text },
      },
    ])
  })

  it('keeps the outbox record of a sent message as long as the messages: RETENTION_MESSAGES_DAYS', async () => {
    const day = 86_400_000
    let clock = Date.now()
    t = createTestApp(
      {
        store: createMemoryStore({ now: () => clock }),
        config: createTestConfig({}, { RETENTION_DAYS: '90', RETENTION_MESSAGES_DAYS: '4' }),
      },
      createFakeService(),
    )
    const { token, visitorId } = await t.newVisitor()
    const message = textMessage()
    expect((await post(token, message)).res.status).toBe(200)
    const record = () => t.deps.store.getRecord(outboxItemKey(visitorId, message.id), z.unknown())
    clock += 3 * day
    expect(await record()).toBeDefined()
    clock += 2 * day
    expect(await record()).toBeUndefined()
  })

  it('keeps sending the invitation the conversation started from', async () => {
    const service = createFakeService()
    setup(service)
    const { token } = await t.newVisitor()
    await post(token, textMessage({ invite: 'Questions about shipping?' }))
    await post(token, textMessage())
    expect(sentBodies(service).map((b) => b.sender.invite)).toEqual([
      'Questions about shipping?',
      'Questions about shipping?',
    ])
  })

  it('splits text over 1000 characters into parts forwarded in order, never cut', async () => {
    const service = createFakeService()
    setup(service)
    const { token } = await t.newVisitor()
    const text = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ')
    const message = textMessage({ text })
    const { res, json } = await post(token, message)
    expect(res.status).toBe(200)
    const parts = sentBodies(service).map((b) => (b.message.type === 'text' ? b.message.text : ''))
    expect(parts.length).toBeGreaterThan(2)
    expect(parts.every((p) => p.length <= 1000)).toBe(true)
    expect(parts.join('')).toBe(text)
    const entries = PostMessageResponse.parse(json).entries
    expect(entries.map((e) => e.clientId)).toEqual(parts.map((_, i) => `${message.id}-${i + 1}`))
  })

  it('forwards the same client id once, answering the repeat with the same entries', async () => {
    const service = createFakeService()
    setup(service)
    const { token } = await t.newVisitor()
    const message = textMessage()
    const first = await post(token, message)
    const again = await post(token, message)
    expect(again.res.status).toBe(200)
    expect(again.json).toEqual(first.json)
    expect(service.messages()).toHaveLength(1)
  })

  it('forwards once when the same message arrives twice at the same time', async () => {
    const service = createFakeService()
    setup(service)
    const { token, visitorId } = await t.newVisitor()
    const message = textMessage()
    const results = await Promise.all([post(token, message), post(token, message)])
    // One request forwards (200); the other waits for it to store the message and answers
    // its state then (sent by now, or 202 pending while still on its way).
    const statuses = results.map((r) => r.res.status)
    expect(statuses).toContain(200)
    for (const status of statuses) expect([200, 202]).toContain(status)
    const ids = results.map((r) => PostMessageResponse.parse(r.json).entries.map((e) => e.id))
    expect(ids[0]).toEqual(ids[1])
    expect(service.messages()).toHaveLength(1)
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
  })

  it('writes the message to the visitor’s log and to their other open streams', async () => {
    setup()
    const { token, visitorId } = await t.newVisitor()
    const events: VisitorEvent[] = []
    const stop = t.deps.store.subscribe(visitorId, (event) => events.push(event))
    const message = textMessage()
    await post(token, message)
    expect(events).toEqual([
      // Other devices hear it is on its way (before the entry, so it never shows as sent
      // meanwhile), then get the entry, then hear that the service accepted it.
      { event: 'delivery', data: { clientId: message.id, state: 'pending' } },
      {
        event: 'message',
        data: expect.objectContaining({ clientId: message.id, author: 'visitor' }),
      },
      { event: 'delivery', data: { clientId: message.id, state: 'sent' } },
    ])
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
    stop()
  })

  it('answers a 4xx with a `rejected` error carrying the service’s text, and never resends it', async () => {
    vi.useFakeTimers()
    const service = createFakeService({ message: { status: 400, body: 'sender.id is empty' } })
    setup(service)
    const { token } = await t.newVisitor()
    const { res, json } = await post(token, textMessage())
    expect(res.status).toBe(422)
    expect(ErrorBody.parse(json)).toEqual({
      error: { code: 'rejected', message: 'sender.id is empty' },
    })
    expect(await askedAfter(service, 60_000)).toBe(1)
  })

  it('retries a 5xx at 3 s intervals and reports the outcome as a delivery event', async () => {
    vi.useFakeTimers()
    const service = createFakeService()
    service.queueMessageReplies({ status: 500 }, { status: 502 })
    setup(service)
    const { token, visitorId } = await t.newVisitor()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe(visitorId, (event) => events.push(event))
    const message = textMessage()
    const { res, json } = await post(token, message)
    expect(res.status).toBe(202)
    expect(PostMessageResponse.parse(json).delivery).toBe('pending')
    expect(await askedAfter(service, 2999)).toBe(1)
    expect(await askedAfter(service, 1)).toBe(2)
    expect(await askedAfter(service, 3000)).toBe(3)
    expect(events.filter((e) => e.event === 'delivery').map((e) => e.data)).toEqual([
      { clientId: message.id, state: 'pending' },
      { clientId: message.id, state: 'pending', error: expect.any(String) },
      { clientId: message.id, state: 'sent' },
    ])
    // Settled: a repeat is answered from the record without another send.
    expect((await post(token, message)).res.status).toBe(200)
    expect(service.messages()).toHaveLength(3)
  })

  it('keeps retrying with backoff after the fast retries: pending → delayed → sent, one entry', async () => {
    vi.useFakeTimers()
    const service = createFakeService({ message: 'connection-error' })
    setup(service)
    const { token, visitorId } = await t.newVisitor()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe(visitorId, (event) => events.push(event))
    const message = textMessage()
    const first = await post(token, message)
    expect(first.res.status).toBe(202)
    expect(PostMessageResponse.parse(first.json).delivery).toBe('pending')
    await vi.advanceTimersByTimeAsync(3 * 3000)
    expect(service.messages()).toHaveLength(4)
    // A 60 s outage: never given up, attempted on the backoff schedule.
    await vi.advanceTimersByTimeAsync(51_000)
    const during = service.messages().length
    expect(during).toBeGreaterThanOrEqual(6)
    expect(during).toBeLessThanOrEqual(8)
    service.setMessageDefault({ status: 200 })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(service.messages()).toHaveLength(during + 1)
    expect(events.filter((e) => e.event === 'delivery').map((e) => e.data)).toEqual([
      { clientId: message.id, state: 'pending' },
      { clientId: message.id, state: 'pending', error: expect.any(String) },
      { clientId: message.id, state: 'delayed', error: expect.stringMatching(/retrying until/) },
      { clientId: message.id, state: 'sent' },
    ])
    // Still one entry in the log: the retries did not duplicate the message.
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
    expect((await post(token, message)).res.status).toBe(200)
    expect(service.messages()).toHaveLength(during + 1)
  })

  it('answers a repeat POST of a delayed message by sending it now (the widget’s "Send now")', async () => {
    vi.useFakeTimers()
    const service = createFakeService({ message: { status: 503 } })
    setup(service)
    const { token, visitorId } = await t.newVisitor()
    const message = textMessage()
    const first = await post(token, message)
    await vi.advanceTimersByTimeAsync(9000)
    const attempts = service.messages().length
    const still = await post(token, message)
    expect(still.res.status).toBe(202)
    expect(PostMessageResponse.parse(still.json)).toEqual({
      entries: PostMessageResponse.parse(first.json).entries,
      delivery: 'delayed',
    })
    expect(service.messages()).toHaveLength(attempts + 1)
    service.setMessageDefault({ status: 200 })
    const now = await post(token, message)
    expect(now.res.status).toBe(200)
    expect(PostMessageResponse.parse(now.json).delivery).toBe('sent')
    expect(service.messages()).toHaveLength(attempts + 2)
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
  })

  it('fails a message after A2_GIVE_UP_HOURS and restarts it on a repeat POST', async () => {
    vi.useFakeTimers()
    const service = createFakeService({ message: 'connection-error' })
    setup(service, { A2_GIVE_UP_HOURS: '1' })
    const { token, visitorId } = await t.newVisitor()
    const events: VisitorEvent[] = []
    t.deps.store.subscribe(visitorId, (event) => events.push(event))
    const message = textMessage()
    await post(token, message)
    await vi.advanceTimersByTimeAsync(61 * 60_000)
    expect(events.filter((e) => e.event === 'delivery').at(-1)).toEqual({
      event: 'delivery',
      data: {
        clientId: message.id,
        state: 'failed',
        error: expect.stringMatching(/within 1 hour/),
      },
    })
    const attempts = service.messages().length
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(service.messages()).toHaveLength(attempts)
    service.setMessageDefault({ status: 200 })
    const again = await post(token, message)
    expect(again.res.status).toBe(200)
    expect(service.messages()).toHaveLength(attempts + 1)
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
  })

  it('uses the configured retry interval and count before backing off', async () => {
    vi.useFakeTimers()
    const service = createFakeService({ message: { status: 503 } })
    setup(service, { A2_RETRY_INTERVAL_MS: '10000', A2_RETRIES: '1' })
    const { token } = await t.newVisitor()
    expect(PostMessageResponse.parse((await post(token, textMessage())).json).delivery).toBe(
      'pending',
    )
    expect(await askedAfter(service, 9999)).toBe(1)
    expect(await askedAfter(service, 1)).toBe(2)
    // Then the backoff: 5 s ±20 %.
    expect(await askedAfter(service, 3999)).toBe(2)
    expect(await askedAfter(service, 2001)).toBe(3)
  })

  it('times out a hanging service and answers 202 delayed when no fast retry is configured', async () => {
    const service = createFakeService({ message: 'hang' })
    setup(service, { A2_TIMEOUT_MS: '100', A2_RETRIES: '0' })
    const { token } = await t.newVisitor()
    const { res, json } = await post(token, textMessage())
    expect(res.status).toBe(202)
    expect(PostMessageResponse.parse(json).delivery).toBe('delayed')
    expect(t.logs.some((line) => line.includes('no answer within 100 ms'))).toBe(true)
  })

  it('keeps retrying a stored message when the store fails during the first attempt', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    const service = createFakeService()
    let failAppends = 1
    const flaky: Store = {
      ...store,
      append: (...args) =>
        failAppends-- > 0 ? Promise.reject(new Error('disk hiccup')) : store.append(...args),
    }
    t = createTestApp({ store: flaky, now: () => Date.now() }, service)
    const { token, visitorId } = await t.newVisitor()
    const { res } = await post(token, textMessage())
    expect(res.status).toBe(500)
    expect(service.messages()).toHaveLength(0)
    expect(await askedAfter(service, 3000)).toBe(1)
    expect(await store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
  })

  it('resumes a pending message after a restart', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    const service = createFakeService()
    service.queueMessageReplies({ status: 500 })
    const first = createTestApp({ store, now: () => Date.now() }, service)
    const { token, visitorId } = await first.newVisitor()
    expect((await first.request('/api/messages', { body: textMessage(), token })).status).toBe(202)
    first.stop()
    expect(await askedAfter(service, 10_000)).toBe(1)
    t = createTestApp({ store, now: () => Date.now() }, service)
    await runtimeOf(t.app).start()
    expect(await askedAfter(service, 0)).toBe(2)
    expect(await store.readAfter(visitorId, undefined, 10)).toHaveLength(1)
  })
})

describe('POST /api/messages: typing, auth, validation, limits', () => {
  it('forwards typing with the visitor’s id, answers 204 and stores nothing', async () => {
    const service = createFakeService()
    setup(service)
    const { token, visitorId } = await t.newVisitor()
    const { res } = await post(token, { id: createClientId(), type: 'typein' })
    expect(res.status).toBe(204)
    expect(sentBodies(service)).toEqual([
      { sender: { id: visitorId }, message: { type: 'typein' } },
    ])
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toEqual([])
  })

  it('requires a valid token', async () => {
    setup()
    const none = await post('', textMessage())
    expect(none.res.status).toBe(401)
    expect(ErrorBody.parse(none.json).error.code).toBe('unauthorized')
    const bad = await post('not-a-token', textMessage())
    expect(bad.res.status).toBe(401)
  })

  it('names the bad field of an invalid message', async () => {
    setup()
    const { token } = await t.newVisitor()
    const { res, json } = await post(token, { id: 'short', type: 'text', text: 'hi' })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json).error).toEqual({
      code: 'invalid_request',
      message: expect.stringMatching(/^id: /),
    })
    const empty = await post(token, textMessage({ text: '   ' }))
    expect(ErrorBody.parse(empty.json).error.message).toMatch(/^text: must not be empty/)
    const badUrl = await post(token, textMessage({ url: 'javascript:alert(1)' }))
    expect(ErrorBody.parse(badUrl.json).error.message).toMatch(/^url: /)
  })

  it('limits messages per visitor with 429 and Retry-After', async () => {
    const service = createFakeService()
    setup(service, { RATE_LIMIT_MESSAGES_PER_MINUTE: '2' })
    const { token } = await t.newVisitor()
    expect((await post(token, textMessage())).res.status).toBe(200)
    expect((await post(token, textMessage())).res.status).toBe(200)
    const { res, json } = await post(token, textMessage())
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(ErrorBody.parse(json).error.code).toBe('rate_limited')
    expect(service.messages()).toHaveLength(2)
    // Another visitor has their own budget.
    expect((await post((await t.newVisitor()).token, textMessage())).res.status).toBe(200)
  })

  it('limits messages per address across visitors', async () => {
    setup(createFakeService(), { RATE_LIMIT_IP_MESSAGES_PER_MINUTE: '2', TRUST_PROXY: '1' })
    const ip = { 'x-forwarded-for': '203.0.113.9' }
    for (let i = 0; i < 2; i++)
      expect((await post((await t.newVisitor()).token, textMessage(), ip)).res.status).toBe(200)
    expect((await post((await t.newVisitor()).token, textMessage(), ip)).res.status).toBe(429)
    expect(
      (
        await post((await t.newVisitor()).token, textMessage(), {
          'x-forwarded-for': '198.51.100.1',
        })
      ).res.status,
    ).toBe(200)
  })

  it('refuses a body over the limit with 413', async () => {
    setup()
    const { token } = await t.newVisitor()
    const { res } = await post(token, textMessage({ text: 'x'.repeat(200_000) }))
    expect(res.status).toBe(413)
  })
})

describe('POST /api/messages: masking on the way in', () => {
  /** Every value handed to the store, as JSON: what would be stored. */
  function recordingStore() {
    const store = createMemoryStore()
    const written: string[] = []
    const recorded: Store = {
      ...store,
      append: (visitorId, entry, options) => {
        written.push(JSON.stringify(entry))
        return store.append(visitorId, entry, options)
      },
      setRecord: (key, value, ttlMs) => {
        written.push(JSON.stringify(value))
        return store.setRecord(key, value, ttlMs)
      },
    }
    return { store: recorded, written }
  }

  it('never stores or forwards a card number, an IBAN or an own pattern a crafted request sends', async () => {
    const service = createFakeService()
    const { store, written } = recordingStore()
    const settings = createTestSettings({ privacy: { maskPatterns: ['\\bpin \\d{4}\\b'] } })
    t = createTestApp({ config: createTestConfig(), store, settings }, service)
    const { token } = await t.newVisitor()
    const text = 'card 4111-1111-1111-1111, IBAN DE89 3704 0044 0532 0130 00, pin 4821'
    const { res, json } = await post(token, textMessage({ text }))
    expect(res.status).toBe(200)
    const masked = 'card •••• •••• •••• 1111, IBAN DE•• •••• •••• 3000, ••••'
    expect(PostMessageResponse.parse(json).entries[0]?.content).toEqual({
      type: 'text',
      text: masked,
    })
    expect(sentBodies(service).map((body) => body.message)).toEqual([
      expect.objectContaining({ text: masked }),
    ])
    expect(written.length).toBeGreaterThan(0)
    for (const secret of ['4111-1111-1111-1111', '3704 0044', 'pin 4821'])
      expect(written.filter((value) => value.includes(secret))).toEqual([])
  })
})
