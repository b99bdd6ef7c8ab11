import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createTestApp, type TestApp } from '../support/test-app'
import { startTestServer, type TestServer } from '../support/test-server'

/** `status` 'ok': any 2xx (a message is answered 200 once sent, 202 while pending). */
type Probe = {
  name: string
  path: string
  init?: RequestInit
  status: number | 'ok'
  cache?: RegExp
}

const json = { 'content-type': 'application/json', origin: 'https://shop.example' }
const NO_STORE = /^no-store$/

/** Requests that cover each kind of response: routes, errors thrown and answered, 404s. */
function probes(token: string): Probe[] {
  const auth = { ...json, authorization: `Bearer ${token}` }
  const post = (body: unknown, headers: Record<string, string> = json): RequestInit => ({
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return [
    { name: 'new session', path: '/api/session', init: post({}), status: 200, cache: NO_STORE },
    {
      name: 'resumed session',
      path: '/api/session',
      init: post({ token }),
      status: 200,
      cache: NO_STORE,
    },
    {
      name: 'message',
      path: '/api/messages',
      init: post({ id: 'hdr-test-0001', type: 'text', text: 'hi' }, auth),
      status: 'ok',
      cache: NO_STORE,
    },
    {
      name: 'invalid message',
      path: '/api/messages',
      init: post('{"id":', auth),
      status: 400,
      cache: NO_STORE,
    },
    {
      name: 'message without a token',
      path: '/api/messages',
      init: post({ id: 'hdr-test-0002', type: 'text', text: 'hi' }),
      status: 401,
      cache: NO_STORE,
    },
    {
      name: 'message with a forged token',
      path: '/api/messages',
      init: post(
        { id: 'hdr-test-0003', type: 'text', text: 'hi' },
        {
          ...json,
          authorization: 'Bearer forged.token',
        },
      ),
      status: 401,
      cache: NO_STORE,
    },
    { name: 'config', path: '/api/config', status: 200, cache: /^public, max-age=60$/ },
    { name: 'status', path: '/api/status', status: 200, cache: /^no-cache$/ },
    { name: 'unknown api route', path: '/api/nothing', status: 404, cache: NO_STORE },
    { name: 'unknown route', path: '/nowhere', status: 404 },
    { name: 'health', path: '/healthz', status: 200 },
    {
      name: 'webhook',
      path: `/hooks/${TEST_WEBHOOK_SECRET}/chan42`,
      init: post(createAgentMessage()),
      status: 200,
    },
    { name: 'wrong webhook', path: '/hooks/wrong/chan42', init: post({}), status: 404 },
  ]
}

function expectSecure(res: Response, probe: Probe): void {
  const where = `${probe.name} (${probe.path})`
  if (probe.status === 'ok') expect(res.ok, where).toBe(true)
  else expect(res.status, where).toBe(probe.status)
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(res.headers.get('referrer-policy'), where).toBe('no-referrer')
  if (probe.cache) expect(res.headers.get('cache-control'), where).toMatch(probe.cache)
  if (probe.status === 401) expect(res.headers.get('www-authenticate'), where).toMatch(/^Bearer\b/)
  else expect(res.headers.get('www-authenticate'), where).toBeNull()
}

describe('security headers (in-process app)', () => {
  let t: TestApp | undefined
  afterEach(() => t?.stop())

  it('are on every kind of response; API answers are not cached; 401s name Bearer', async () => {
    t = createTestApp()
    const { token } = await t.newVisitor()
    for (const probe of probes(token))
      expectSecure(await t.app.request(probe.path, probe.init), probe)
  })
})

describe('security headers (real socket)', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  // The cache policies are matched whole: Node merging the middleware's headers with
  // the route's must not double them.
  it('are on every kind of response, once each', async () => {
    server = await startTestServer()
    const session = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: json,
      body: '{}',
    })
    const { token } = await session.json()
    for (const probe of probes(token)) {
      const res = await fetch(`${server.url}${probe.path}`, probe.init)
      expectSecure(res, probe)
    }
  })

  it('are on the event stream, which writes its own headers', async () => {
    server = await startTestServer()
    const { token } = await (
      await fetch(`${server.url}/api/session`, { method: 'POST', headers: json, body: '{}' })
    ).json()
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(
        `${server?.url}/api/events`,
        { headers: { authorization: `Bearer ${token}` } },
        (res) => {
          resolve(res.headers)
          req.destroy()
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['cache-control']).toBe('no-cache, no-transform')
  })
})
