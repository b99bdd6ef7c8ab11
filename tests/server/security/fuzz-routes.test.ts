import { AsyncLocalStorage } from 'node:async_hooks'
import { request } from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, runtimeOf } from '../../../server/app'
import type { AppDeps } from '../../../server/app-deps'
import { type Bot, createBot } from '../../../server/bot/index'
import { createLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { ErrorBody } from '../../../shared/protocol/errors'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { createFakeService } from '../support/fake-service'
import { startTestServer, type TestServer } from '../support/test-server'

// Every public route with random and hostile bodies, headers, paths and sizes: no 5xx
// but the documented 503s, no crash, and nothing stored from a refused request.

const RUNS = 200
const SEED = 20_261_122
const BOT_TOKEN = 'bot-token-fuzz-0123456789'
const BOT_BASE_URL = 'https://bot-service.test'

// ─── Store writes, attributed to the request that caused them ─────────────────────

const WRITES = new Set<PropertyKey>([
  'append',
  'setRecord',
  'deleteRecord',
  'indexAdd',
  'indexRemove',
  'prune',
])
const currentRequest = new AsyncLocalStorage<{ writes: string[] }>()

/** The store, recording each write in the request (async context) that made it. */
function trackWrites(store: Store): Store {
  return new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      if (!WRITES.has(property)) return value.bind(target)
      return (...args: unknown[]) => {
        currentRequest.getStore()?.writes.push(`${String(property)} ${String(args[0])}`)
        return value.apply(target, args)
      }
    },
  })
}

// ─── Hostile input ────────────────────────────────────────────────────────────────

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'then']
const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }))
const leaf = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '<script>alert(1)</script>', 'javascript:alert(1)'),
)
const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}))

/** A valid template with some fields replaced by hostile values and extra hostile keys. */
function mutated(template: Record<string, unknown>) {
  const fields = Object.keys(template)
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...fields), jsonValue, { maxKeys: 2 }),
      fc.dictionary(key, jsonValue, { maxKeys: 2 }),
    )
    .map(([replaced, extra]) => {
      const out: Record<string, unknown> = { ...template, ...replaced }
      // defineProperty: `__proto__` becomes an own key, as JSON.parse makes it.
      for (const [name, value] of Object.entries(extra))
        Object.defineProperty(out, name, { value, enumerable: true, writable: true })
      return out
    })
}

const text = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null')
const huge = fc
  .tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 5_000, max: 400_000 }))
  .map(([unit, times]) => unit.repeat(times))

/** Bodies in every shape: JSON (valid-looking or not), bytes, huge, deep, empty. */
function bodies(template: Record<string, unknown>): fc.Arbitrary<Buffer | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(template).map(text) },
    { weight: 2, arbitrary: jsonValue.map(text) },
    { weight: 1, arbitrary: fc.constant(text(template)) },
    { weight: 1, arbitrary: huge.map((s) => text({ ...template, text: s, extra: s })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 50, max: 100_000 }), fc.boolean())
        .map(([depth, array]) =>
          Buffer.from(
            array
              ? `${'['.repeat(depth)}${']'.repeat(depth)}`
              : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
          ),
        ),
    },
    // Invalid UTF-8: raw bytes, and valid JSON with bad bytes inside a string.
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom([0xff], [0xc3], [0xe0, 0xa4], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80])
        .map((bad) => {
          const json = text({ ...template, text: 'AB' })
          const at = json.indexOf('AB')
          return at < 0
            ? json
            : Buffer.concat([json.subarray(0, at), Buffer.from(bad), json.subarray(at)])
        }),
    },
    { weight: 1, arbitrary: fc.constantFrom(undefined, Buffer.alloc(0), Buffer.from('null')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => Buffer.from(s)) },
  )
}

// Header values Node accepts on the wire (no control characters but tab).
const headerValue = fc
  .oneof(
    fc.string({ maxLength: 60 }),
    huge.map((s) => s.slice(0, 8_000)),
    fc.constantFrom('', '__proto__', 'Bearer', 'Bearer ', 'null'),
  )
  .map((s) => s.replace(/[^\t\x20-\x7e]/g, ''))

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/jsonx',
  '*/*',
  '',
)
const origins = fc.constantFrom(
  'https://shop.example',
  'https://evil.example',
  'null',
  'http://porthole.test',
  'https://shop.example.evil',
)

type HeaderMap = Record<string, string>

/** Optional random headers, the usual ones sometimes hostile, sometimes valid. */
function headersWith(auth: fc.Arbitrary<string>): fc.Arbitrary<HeaderMap> {
  return fc
    .record(
      {
        'content-type': contentTypes,
        origin: fc.oneof(origins, headerValue),
        authorization: auth,
        'x-forwarded-for': headerValue,
        'x-request-id': headerValue,
        'last-event-id': headerValue,
        accept: fc.constantFrom('text/event-stream', '*/*', 'application/json'),
        [`x-${'z'.repeat(3)}`]: headerValue,
      },
      { requiredKeys: [] },
    )
    .map((headers) => {
      const present: HeaderMap = {}
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) present[name] = value
      return present
    })
}

/** A path segment: random text (encoded), a broken escape, a traversal, a long one. */
const segment = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2F..%2F', '%C0%AF', '__proto__', 'constructor'),
  fc.integer({ min: 100, max: 5_000 }).map((n) => 'a'.repeat(n)),
)

// ─── The app under test ───────────────────────────────────────────────────────────

type Outcome = { status: number; body: string; writes: string[] }

let deps: AppDeps
let app: ReturnType<typeof createApp>
let bot: Bot
let logs: string[]
let visitorToken = ''
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()

beforeAll(async () => {
  const service = createFakeService()
  const serviceFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    // The bot's replies (B1) are accepted; everything else is the channel (A1/A2).
    if (url.startsWith(BOT_BASE_URL)) return new Response('', { status: 200 })
    return service.fetch(input, init)
  }
  const config = createTestConfig(
    {
      rateLimits: {
        messagesPerVisitorPerMinute: 1_000_000,
        messagesPerIpPerMinute: 1_000_000,
        sessionsPerIpPerMinute: 1_000_000,
      },
    },
    { BOT_TOKEN, BOT_PROVIDER_ID: 'fuzz', BOT_BASE_URL },
  )
  logs = []
  const store = trackWrites(createMemoryStore())
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) })
  if (!config.bot) throw new Error('the fuzz config has a bot')
  bot = createBot({ config: config.bot, settings: undefined, store, fetch: serviceFetch, logger })
  deps = {
    config,
    settings: createTestSettings(),
    store,
    fetch: serviceFetch,
    now: Date.now,
    logger,
    bot,
    staticDir: '/nonexistent-widget-build',
  }
  app = createApp(deps)
  const session = await app.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
    body: '{}',
  })
  expect(session.status).toBe(200)
  visitorToken = (await session.json()).token
})

afterAll(async () => {
  await bot.settled()
  await bot.close()
  runtimeOf(app).stop()
  // Nothing the requests sent reached Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

async function send(
  method: string,
  path: string,
  headers: HeaderMap,
  body?: Buffer,
): Promise<Outcome> {
  const context = { writes: [] as string[] }
  return currentRequest.run(context, async () => {
    const res = await app.request(path, {
      method,
      headers,
      ...(body === undefined || method === 'GET' ? {} : { body: new Uint8Array(body) }),
    })
    const text = await res.text()
    // Work the request started and awaits nothing for (the bot's handling) counts too.
    await bot.settled()
    return { status: res.status, body: text, writes: context.writes }
  })
}

/** The body as an object with `fields` over it (a message-shaped body), else unchanged. */
function reshaped(body: Buffer | undefined, fields: Record<string, unknown>): Buffer | undefined {
  if (body === undefined || body.length > 20_000) return body
  const value = parsed(body.toString())
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return body
  return text({ ...value, ...fields })
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** The invariants of every answer; `refused` says whether the body was turned down. */
/** Per route: answers that accepted the request, refused it, and wrote to the store. */
const tally = new Map<string, { accepted: number; refused: number; wrote: number }>()

/** The fuzzing reached both sides of the route: some requests worked, some were refused. */
function expectBothSides(route: string, wrote: boolean): void {
  const counts = tally.get(route)
  expect(counts?.accepted, `${route} ${JSON.stringify(counts)}`).toBeGreaterThan(0)
  expect(counts?.refused, `${route} ${JSON.stringify(counts)}`).toBeGreaterThan(0)
  if (wrote) expect(counts?.wrote, `${route} ${JSON.stringify(counts)}`).toBeGreaterThan(0)
}

function check(
  route: string,
  outcome: Outcome,
  where: string,
  refused: boolean,
  documented503 = true,
): void {
  const counts = tally.get(route) ?? { accepted: 0, refused: 0, wrote: 0 }
  tally.set(route, counts)
  if (refused) counts.refused += 1
  else counts.accepted += 1
  if (outcome.writes.length > 0) counts.wrote += 1
  const detail = `${where}: ${outcome.status} ${outcome.body.slice(0, 300)}`
  expect(outcome.status < 500 || (documented503 && outcome.status === 503), detail).toBe(true)
  if (outcome.status >= 400 && outcome.status !== 404) {
    // Errors keep the documented shape.
    expect(ErrorBody.safeParse(parsed(outcome.body)).success, detail).toBe(true)
  }
  if (refused) expect(outcome.writes, detail).toEqual([])
}

const isError = (body: string) => {
  const value = parsed(body)
  return typeof value === 'object' && value !== null && 'error' in value
}

const bearer = () =>
  fc.oneof(
    fc.constant(`Bearer ${visitorToken}`),
    fc.constant(`Bearer ${visitorToken}x`),
    fc.constant(`bearer ${visitorToken}`),
    headerValue.map((s) => `Bearer ${s}`),
    headerValue,
  )

const property = { numRuns: RUNS, seed: SEED, endOnFailure: true }

/** Hostile headers mostly, and the headers of a well-behaved widget a quarter of the time. */
const visitorHeaders = () =>
  fc.oneof(
    { weight: 3, arbitrary: headersWith(bearer()) },
    {
      weight: 1,
      arbitrary: fc.constant<HeaderMap>({
        'content-type': 'application/json',
        origin: 'https://shop.example',
        authorization: `Bearer ${visitorToken}`,
      }),
    },
  )

describe('fuzz: every public route', () => {
  it('POST /api/session', async () => {
    const template = {
      token: 'x',
      user: { id: 'u1', hash: 'h', name: 'N', email: 'a@b.c' },
      contact: { name: 'Jo', email: 'jo@example.com', phone: '+1 555' },
    }
    await fc.assert(
      fc.asyncProperty(
        visitorHeaders(),
        bodies(template),
        fc.boolean(),
        async (headers, body, validToken) => {
          const payload = validToken && body === undefined ? text({ token: visitorToken }) : body
          const outcome = await send('POST', '/api/session', headers, payload)
          check('session', outcome, 'POST /api/session', outcome.status >= 400)
        },
      ),
      property,
    )
    expectBothSides('session', true)
  }, 30_000)

  it('POST /api/messages', async () => {
    const template = {
      id: 'fuzz-client-0001',
      type: 'text',
      text: 'hello',
      url: 'https://shop.example/',
    }
    await fc.assert(
      fc.asyncProperty(
        visitorHeaders(),
        bodies(template),
        fc.constantFrom('text', 'typein', 'typeout', 'photo', 'x', '__proto__'),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (headers, body, type, n) => {
          // Half of the bodies are shaped like a message with a fresh id.
          const payload = n % 2 === 0 ? reshaped(body, { id: `fuzz-${n}`, type }) : body
          const outcome = await send('POST', '/api/messages', headers, payload)
          check('messages', outcome, 'POST /api/messages', outcome.status >= 400)
        },
      ),
      property,
    )
    expectBothSides('messages', true)
  }, 30_000)

  it('POST /hooks/:secret/:channelId', async () => {
    const template = createAgentMessage({ recipientId: 'fuzz-visitor' })
    await fc.assert(
      fc.asyncProperty(
        headersWith(headerValue),
        bodies(template),
        fc.oneof(fc.constant(TEST_WEBHOOK_SECRET), segment),
        fc.oneof(fc.constant('chan42'), segment),
        fc.option(segment, { nil: undefined }),
        async (headers, body, secret, channel, extra) => {
          const path = `/hooks/${secret}/${channel}${extra === undefined ? '' : `/${extra}`}`
          const outcome = await send('POST', path, headers, body)
          // Refused: an error status, or 200 with the spec's error reply the agent sees.
          const refused = outcome.status >= 400 || isError(outcome.body)
          check('hooks', outcome, `POST ${path.slice(0, 80)}`, refused)
        },
      ),
      property,
    )
    expectBothSides('hooks', true)
  }, 30_000)

  it('POST /bot/:token', async () => {
    const template = {
      event: 'CLIENT_MESSAGE',
      id: 'e-1',
      client_id: 'c-1',
      chat_id: 'chat-1',
      message: { type: 'TEXT', text: 'hello', timestamp: 1 },
    }
    await fc.assert(
      fc.asyncProperty(
        headersWith(headerValue),
        bodies(template),
        fc.oneof(fc.constant(BOT_TOKEN), segment),
        fc.constantFrom('CLIENT_MESSAGE', 'AGENT_JOINED', 'AGENT_UNAVAILABLE', 'CHAT_CLOSED', 'X'),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (headers, body, token, event, n) => {
          const payload = n % 3 === 0 ? reshaped(body, { event, id: `fuzz-${n}` }) : body
          const outcome = await send('POST', `/bot/${token}`, headers, payload)
          check('bot', outcome, `POST /bot/${token.slice(0, 40)}`, outcome.status >= 400)
        },
      ),
      property,
    )
    expectBothSides('bot', true)
  }, 30_000)

  it('POST /api/read, GET /api/history, POST /api/events/ticket', async () => {
    // A real entry id of the visitor, so that some requests are valid.
    const first = await send(
      'POST',
      '/api/messages',
      {
        'content-type': 'application/json',
        origin: 'https://shop.example',
        authorization: `Bearer ${visitorToken}`,
      },
      text({ id: 'fuzz-read-0001', type: 'text', text: 'an entry to read up to' }),
    )
    const entryId = String((parsed(first.body) as { entries?: { id: string }[] }).entries?.[0]?.id)
    const ids = fc.oneof(fc.constant(entryId), fc.constant(`${entryId}0`), headerValue)
    await fc.assert(
      fc.asyncProperty(
        visitorHeaders(),
        fc.constantFrom('read', 'history', 'ticket'),
        bodies({ upTo: entryId }),
        fc.record(
          { before: ids, limit: fc.oneof(fc.nat(1000).map(String), headerValue) },
          {
            requiredKeys: [],
          },
        ),
        ids,
        async (headers, route, body, query, upTo) => {
          const outcome =
            route === 'history'
              ? await send('GET', `/api/history?${new URLSearchParams(query)}`, headers)
              : route === 'read'
                ? await send('POST', '/api/read', headers, reshaped(body, { upTo }))
                : await send('POST', '/api/events/ticket', headers, body)
          check('visitor routes', outcome, route, outcome.status >= 400)
          if (route !== 'read') expect(outcome.writes, route).toEqual([])
        },
      ),
      property,
    )
    expectBothSides('visitor routes', true)
  }, 30_000)

  it.each(['/api/status', '/api/config'])(
    'GET %s',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(
          headersWith(bearer()),
          fc.dictionary(fc.oneof(key, fc.constant('token')), headerValue, { maxKeys: 3 }),
          async (headers, query) => {
            const search = new URLSearchParams(query).toString()
            const outcome = await send('GET', `${route}${search ? `?${search}` : ''}`, headers)
            check(route, outcome, `GET ${route}`, outcome.status >= 400, false)
            expect(outcome.writes).toEqual([])
          },
        ),
        property,
      )
      // Public reads: a foreign origin may be refused, nothing else.
      expect(tally.get(route)?.accepted).toBeGreaterThan(0)
    },
    30_000,
  )
})

describe('fuzz: GET /api/events (a real socket: the stream writes to it)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.close()
  })

  /** Opens the stream, reads the status line and headers, and hangs up. */
  function open(path: string, headers: HeaderMap) {
    return new Promise<{ status: number }>((resolve, reject) => {
      const req = request(`${server.url}${path}`, { headers }, (res) => {
        resolve({ status: res.statusCode ?? 0 })
        res.destroy()
        req.destroy()
      })
      req.on('error', reject)
      req.end()
    })
  }

  it('answers every request without a 5xx but the documented 503 and closes every stream', async () => {
    const session = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: '{}',
    })
    const { token } = await session.json()
    const hub = runtimeOf(server.app).hub
    const auth = { authorization: `Bearer ${token}`, origin: 'https://shop.example' }
    // EventSource cannot send headers: it opens the stream with a short-lived ticket.
    const ticketRes = await fetch(`${server.url}/api/events/ticket`, {
      method: 'POST',
      headers: auth,
    })
    const ticket = ticketRes.ok ? String((await ticketRes.json()).ticket) : 'no-ticket'
    let opened = 0
    const statuses: Record<number, number> = {}
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          headersWith(
            fc.oneof(
              fc.constant(`Bearer ${token}`),
              headerValue.map((s) => `Bearer ${s}`),
            ),
          ),
          // Some well-formed requests, so that streams open and must be closed again.
          fc.constant<HeaderMap>(auth),
          fc.constant<HeaderMap>({}),
        ),
        fc.record(
          {
            token: fc.oneof(fc.constant(token), headerValue),
            ticket: fc.oneof(fc.constant(ticket), fc.constant(`${ticket}x`), headerValue),
            lastEventId: headerValue,
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(key, headerValue, { maxKeys: 2 }),
        async (headers, params, extra) => {
          const query = new URLSearchParams({ ...extra })
          for (const [name, value] of Object.entries(params))
            if (value !== undefined) query.set(name, value)
          const { status } = await open(`/api/events?${query}`, headers)
          statuses[status] = (statuses[status] ?? 0) + 1
          expect(status < 500 || status === 503, `GET /api/events: ${status}`).toBe(true)
          if (status === 200) opened += 1
        },
      ),
      property,
    )
    expect(opened, JSON.stringify(statuses)).toBeGreaterThan(0)
    // Every stream the client left is gone from the hub.
    await vi.waitFor(() => expect(hub.count()).toBe(0), {
      timeout: REAL_WORK_TIMEOUT_MS,
      interval: 20,
    })
    const unhandled = server.logs.filter((line) => line.includes('"unhandled error"'))
    expect(unhandled).toEqual([])
  }, 30_000)
})

describe('fuzz: the logs', () => {
  it('hold no unhandled error from any request above', () => {
    const unhandled = logs.filter((line) => line.includes('"unhandled error"'))
    expect(unhandled.map((line) => line.slice(0, 500))).toEqual([])
  })
})
