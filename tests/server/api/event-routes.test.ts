import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBody } from '../../../shared/protocol/errors'
import { SessionResponse } from '../../../shared/widget-api'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { openSse, type SseConnection } from '../support/sse-client'
import { startTestServer, type TestServer } from '../support/test-server'

// GET /api/events caps: streams per client address (429) and per instance (503).

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env: { TRUST_PROXY: '1', ...env } })
  cleanups.push(() => server.close())
  return server
}

async function newToken(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return SessionResponse.parse(await res.json()).token
}

async function stream(server: TestServer, ip: string): Promise<SseConnection> {
  const sse = openSse(`${server.url}/api/events`, {
    authorization: `Bearer ${await newToken(server)}`,
    'x-forwarded-for': ip,
  })
  cleanups.push(() => sse.close())
  await sse.ready
  return sse
}

/** A GET /api/events read as one plain response: what a refusal answers. */
async function refusal(server: TestServer, ip: string): Promise<Response> {
  return fetch(`${server.url}/api/events`, {
    headers: { authorization: `Bearer ${await newToken(server)}`, 'x-forwarded-for': ip },
  })
}

async function refused(sse: SseConnection) {
  await vi.waitFor(() => expect(sse.ended).toBe(true), { timeout: REAL_WORK_TIMEOUT_MS })
  return sse
}

const openStreams = async (server: TestServer) =>
  Number(
    (await (await fetch(`${server.url}/metrics`)).text()).match(
      /^porthole_open_streams (\d+)$/m,
    )?.[1],
  )

describe('GET /api/events stream caps', () => {
  it('answers 429 with Retry-After beyond MAX_STREAMS_PER_IP, counting closed streams out', async () => {
    const server = await start({ MAX_STREAMS_PER_IP: '2' })
    const first = await stream(server, '198.51.100.1')
    const second = await stream(server, '198.51.100.1')
    expect([first.status, second.status]).toEqual([200, 200])
    const res = await refusal(server, '198.51.100.1')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('30')
    const body = ErrorBody.parse(await res.json())
    expect(body.error.code).toBe('too_many_streams')
    expect(body.error.message).toMatch(/MAX_STREAMS_PER_IP/)
    // Another address is not affected.
    expect((await stream(server, '198.51.100.2')).status).toBe(200)
    first.close()
    await vi.waitFor(async () => expect(await openStreams(server)).toBe(2), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect((await stream(server, '198.51.100.1')).status).toBe(200)
    expect((await refused(await stream(server, '198.51.100.1'))).status).toBe(429)
  })

  it('answers 503 with Retry-After beyond MAX_STREAMS on this instance', async () => {
    const server = await start({ MAX_STREAMS: '3' })
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await stream(server, ip)).status).toBe(200)
    const res = await refusal(server, '198.51.100.4')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(ErrorBody.parse(await res.json()).error.code).toBe('overloaded')
    expect(await openStreams(server)).toBe(3)
  })
})

describe('GET /api/events stream caps for IPv6', () => {
  it('counts every address of one /64 against MAX_STREAMS_PER_IP', async () => {
    const server = await start({ MAX_STREAMS_PER_IP: '2' })
    expect((await stream(server, '2001:db8:7:7::1')).status).toBe(200)
    expect((await stream(server, '2001:db8:7:7:abcd::2')).status).toBe(200)
    const res = await refusal(server, '2001:db8:7:7:ffff:1:2:3')
    expect(res.status).toBe(429)
    // Another /64 is not affected.
    expect((await stream(server, '2001:db8:7:8::1')).status).toBe(200)
  })
})
