import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { CustomerMessage } from '../../../shared/protocol/chat-channel'
import { SessionResponse } from '../../../shared/widget-api'
import { describeRedis, type RedisServer, startRedisServer } from '../../helpers/redis-server'
import { type BackendProcess, startBackendProcess } from '../scale/backend-process'

// Two backend processes on one Redis. One is killed (-9) while the service holds its
// A2 request; the other must deliver the message once the short claim lapses.

const UPSTREAM_TIMEOUT_MS = 1000
/** The claim (timeout + 5 s) plus one sweep (5 s), and slack for a busy machine. */
const TAKEOVER_LIMIT_MS = UPSTREAM_TIMEOUT_MS + 5000 + 5000 + 4000

type Upstream = {
  channelUrl: string
  ids(): string[]
  /** Called with the message id when a request arrives that is not answered. */
  holdFirst(id: string, onHeld: () => void): void
  close(): Promise<void>
}

async function startUpstream(): Promise<Upstream> {
  const ids: string[] = []
  let hold: { id: string; onHeld: () => void } | undefined
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('1')
        return
      }
      const message = CustomerMessage.parse(JSON.parse(body)).message
      const id = message.type === 'text' ? (message.id ?? '') : message.type
      if (message.type === 'text') ids.push(id)
      if (hold?.id === id) {
        // The service got it; its answer never reaches the sender.
        const { onHeld } = hold
        hold = undefined
        onHeld()
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    channelUrl: `http://127.0.0.1:${port}/kill-random/kill-channel`,
    ids: () => [...ids],
    holdFirst: (id, onHeld) => {
      hold = { id, onHeld }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describeRedis('outbox: kill -9 of one instance mid-send', () => {
  let redis: RedisServer
  let upstream: Upstream
  let a: BackendProcess
  let b: BackendProcess
  let dataDir: string

  beforeAll(async () => {
    redis = await startRedisServer()
    upstream = await startUpstream()
    dataDir = mkdtempSync(join(tmpdir(), 'porthole-kill-'))
    const env = {
      CHANNEL_URL: upstream.channelUrl,
      WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      STORE_URL: redis.url,
      PORTHOLE_DATA_DIR: dataDir,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    }
    ;[a, b] = await Promise.all([startBackendProcess(env), startBackendProcess(env)])
  }, 90_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await upstream?.close()
    await redis?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }, 30_000)

  it('the other instance delivers the message soon after the claim lapses (once more at most)', async () => {
    const session = await fetch(`${a.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const { token } = SessionResponse.parse(await session.json())
    const id = `kill-${randomBytes(6).toString('hex')}`
    let killedAt = 0
    upstream.holdFirst(id, () => {
      killedAt = Date.now()
      void a.kill()
    })
    const post = fetch(`${a.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, type: 'text', text: 'sent just before the crash' }),
    }).catch(() => undefined)
    await vi.waitFor(() => expect(killedAt).toBeGreaterThan(0), { timeout: 10_000 })
    expect(await post).toBeUndefined()
    await vi.waitFor(() => expect(upstream.ids().filter((x) => x === id)).toHaveLength(2), {
      timeout: TAKEOVER_LIMIT_MS,
      interval: 100,
    })
    // The answer of the first request was lost with the process: exactly one duplicate.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(upstream.ids().filter((x) => x === id)).toHaveLength(2)
    // B answers a repeat of the POST from the stored record: sent, no third request.
    const again = await fetch(`${b.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, type: 'text', text: 'sent just before the crash' }),
    })
    expect(again.status).toBe(200)
    expect(upstream.ids().filter((x) => x === id)).toHaveLength(2)
  }, 60_000)
})
