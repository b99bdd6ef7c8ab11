import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { createPortholeMetrics } from '../../../server/metrics/porthole-metrics'
import { closedStoreError } from '../../../server/store/errors'
import type { AgentWebhook } from '../../../server/webhook/agent-webhook'
import { webhookAddress, webhookListener } from '../../../server/webhook/webhook-listener'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { startTestServer, type TestServer } from '../support/test-server'

let server: TestServer | undefined
let honoOnly: Server | undefined
afterEach(async () => {
  await server?.close()
  await new Promise((resolve) => (honoOnly ? honoOnly.close(resolve) : resolve(undefined)))
  server = undefined
  honoOnly = undefined
})

type Reply = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One raw request over a socket: the bytes as given, the answer as received. */
function send(
  url: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** The same app served by Hono's Node adapter alone, beside the real server. */
async function startHonoOnly(app: TestServer['app']): Promise<string> {
  honoOnly = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => honoOnly?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(honoOnly.address() as AddressInfo).port}`
}

/** What two answers must share: everything but the date and a generated request id. */
function comparable(reply: Reply, keepRequestId: boolean): unknown {
  const { date: _date, 'x-request-id': id, ...headers } = reply.headers
  return { status: reply.status, body: reply.body, headers, ...(keepRequestId ? { id } : {}) }
}

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`
const json = { 'content-type': 'application/json' }

describe('webhookAddress', () => {
  it.each([
    ['POST', '/hooks/s/c', ['s', 'c']],
    ['POST', '/hooks/s/c?x=1', ['s', 'c']],
    ['GET', '/hooks/s/c', undefined],
    ['POST', '/hooks/s/c/', undefined],
    ['POST', '/hooks/s/c/mime', undefined],
    ['POST', '/hooks//c', undefined],
    ['POST', '/hooks/s/', undefined],
    ['POST', '/hooks/s', undefined],
    ['POST', '/hooks/s%41/c', undefined],
    ['POST', '/api/hooks/s/c', undefined],
  ])('%s %s → %j', (method, url, expected) => {
    expect(webhookAddress(method, url)).toEqual(expected)
  })
})

describe('the webhook fast path on the real server', () => {
  it('answers a delivery without Hono and hands everything else to it', async () => {
    server = await startTestServer()
    const fallback = vi.fn(getRequestListener(server.app.fetch))
    const listener = webhookListener(
      server.app.agentWebhook,
      { logger: createLogger({ level: 'error' }), metrics: server.app.runtime.metrics },
      fallback,
    )
    honoOnly = createServer(listener)
    await new Promise<void>((resolve) => honoOnly?.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(honoOnly.address() as AddressInfo).port}`
    const message = JSON.stringify(createAgentMessage({ recipientId: 'visitor-fast' }))
    expect((await send(url, HOOK, message, json)).body).toBe('{"result":"ok"}')
    expect(fallback).not.toHaveBeenCalled()
    // A stranger, a chunked body, another route: Hono's.
    expect((await send(url, '/hooks/wrong/chan42', message, json)).status).toBe(404)
    expect(
      (await send(url, HOOK, message, { ...json, 'transfer-encoding': 'chunked' })).status,
    ).toBe(200)
    expect((await send(url, '/healthz', undefined, {}, 'GET')).status).toBe(200)
    expect(fallback).toHaveBeenCalledTimes(3)
    // The chunked repeat was a duplicate: one entry.
    expect(await server.store.readAfter('visitor-fast', undefined, 10)).toHaveLength(1)
  })

  it('answers an error the handler throws as the app does: a store away is 503 with Retry-After', async () => {
    const logs: string[] = []
    const webhook: AgentWebhook = {
      refusal: () => undefined,
      accepts: () => true,
      deliver: () => Promise.reject(closedStoreError('memory')),
    }
    const listener = webhookListener(
      webhook,
      {
        logger: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
        metrics: createPortholeMetrics(),
      },
      () => {
        throw new Error('not for Hono')
      },
    )
    honoOnly = createServer(listener)
    await new Promise<void>((resolve) => honoOnly?.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(honoOnly.address() as AddressInfo).port}`
    const reply = await send(url, HOOK, '{}', json)
    expect(reply.status).toBe(503)
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'store_unavailable' } })
    expect(reply.headers).toMatchObject({
      'retry-after': '5',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-type': 'application/json',
    })
    expect(logs.some((line) => line.includes('store unavailable'))).toBe(true)
  })

  it.each([
    ['a message', JSON.stringify(createAgentMessage({ recipientId: 'v-same' }))],
    [
      'a message with its own request id',
      JSON.stringify(createAgentMessage({ recipientId: 'v-id' })),
      { 'x-request-id': 'agent-42' },
    ],
    ['a body that is not JSON', '{"message":'],
    ['an empty body', ''],
    ['a body that is not UTF-8', '\u00ff'],
    ['a message that breaks a rule', JSON.stringify({ recipient: { id: 'v' } })],
    ['a body nested too deep', `${'['.repeat(100)}${']'.repeat(100)}`],
    [
      'a recipient id too long',
      JSON.stringify(createAgentMessage({ recipientId: 'x'.repeat(500) })),
    ],
    [
      'a typing notice',
      JSON.stringify(createAgentMessage({ recipientId: 'v-t', message: { type: 'typing_start' } })),
    ],
  ])('answers %s as the Hono route does', async (_, body, extra: Record<string, string> = {}) => {
    server = await startTestServer()
    const viaHono = await startHonoOnly(server.app)
    const headers = { ...json, ...extra }
    const bytes = body === '\u00ff' ? Buffer.from([0xff]) : body
    const fast = await send(server.url, HOOK, bytes as string, headers)
    // A repeat now: the fast path stored the message; the Hono route sees the repeat.
    const fastRepeat = await send(server.url, HOOK, bytes as string, headers)
    const hono = await send(viaHono, HOOK, bytes as string, headers)
    expect(comparable(fast, 'x-request-id' in extra)).toEqual(
      comparable(hono, 'x-request-id' in extra),
    )
    expect(comparable(fastRepeat, false)).toEqual(comparable(hono, false))
    expect(fast.headers['x-request-id']).toMatch(/^[A-Za-z0-9_.-]{1,64}$/)
    // The same access-log lines (level, route, status), the fast path's and Hono's.
    const lines = server.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request')
      .map(({ level, method, route, status }) => ({ level, method, route, status }))
    expect(lines).toHaveLength(3)
    expect(lines[0]).toEqual(lines[2])
    expect(lines[1]).toEqual(lines[2])
  })
})
