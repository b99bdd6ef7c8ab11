import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { startTestServer, type TestServer } from '../support/test-server'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Response headers of a GET whose body may never end (an SSE stream): read, then hang up. */
function headersOf(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers })
      req.destroy()
    })
    req.on('error', reject)
    req.end()
  })
}

describe('X-Request-Id over a real socket', () => {
  it('is on a delivered webhook reply, once, with the JSON body intact', async () => {
    server = await startTestServer()
    const res = await fetch(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'svc-42' },
      body: JSON.stringify(createAgentMessage({ recipientId: 'visitor-rid' })),
    })
    expect(res.headers.get('x-request-id')).toBe('svc-42')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ result: 'ok' })
  })

  it('is on error replies and on 404s', async () => {
    server = await startTestServer()
    const notFound = await fetch(`${server.url}/hooks/wrong/chan42`, { method: 'POST' })
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{12}$/)
    const unauthorized = await fetch(`${server.url}/api/events`)
    expect(unauthorized.status).toBeGreaterThanOrEqual(400)
    expect(unauthorized.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{12}$/)
  })

  it('is on an SSE stream written straight to the socket', async () => {
    server = await startTestServer()
    const session = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const { token } = (await session.json()) as { token: string }
    const stream = await headersOf(`${server.url}/api/events`, {
      'x-request-id': 'tab-7',
      authorization: `Bearer ${token}`,
    })
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(stream.headers['x-request-id']).toBe('tab-7')
  })
})
