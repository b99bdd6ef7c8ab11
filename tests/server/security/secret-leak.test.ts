import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { createLogger } from '../../../server/logging/logger'
import { secretsOf } from '../../../server/start'
import { createTestConfig, TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { createFakeService } from '../support/fake-service'
import { openSse } from '../support/sse-client'
import { startTestServer, type TestServer } from '../support/test-server'

/** vi.waitFor with room for a busy machine: real sockets and stores answer when they can. */
function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
) {
  return vi.waitFor(check, { timeout: REAL_WORK_TIMEOUT_MS, interval: 25, ...options })
}

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
})

const config = createTestConfig(
  {},
  {
    BOT_TOKEN: 'bot-token-0123456789abcdef',
    BOT_PROVIDER_ID: 'p1',
    BOT_BASE_URL: 'https://bot.test',
  },
)
// What must never reach a browser or a log: the secrets, the channel URL and its random path.
const SECRETS = [...secretsOf(config), 's3cr3tRandomPath']

describe('no secret leaves the backend', () => {
  it('in any response or log line, across every route and error path', async () => {
    const service = createFakeService({ status: { status: 500, body: 'upstream broke' } })
    service.queueMessageReplies({ status: 400, body: 'bad sender' }, { status: 503 })
    server = await startTestServer({ config, service })
    const seen: string[] = []
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${server?.url}${path}`, init)
      seen.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`)
      return res
    }
    const json = { 'content-type': 'application/json' }
    const session = await (
      await fetch(`${server.url}/api/session`, { method: 'POST', headers: json, body: '{}' })
    ).json()
    const auth = { ...json, authorization: `Bearer ${session.token}` }
    await call('/api/config')
    await call('/api/status')
    await call('/api/session', { method: 'POST', headers: json, body: '{"token":"forged"}' })
    await call('/api/messages', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: 'leak-test-0001', type: 'text', text: 'rejected' }),
    })
    await call('/api/messages', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: 'leak-test-0002', type: 'text', text: 'pending' }),
    })
    await call('/api/messages', { method: 'POST', headers: auth, body: '{"id":1}' })
    await call(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      body: JSON.stringify(createAgentMessage({ recipientId: session.visitorId })),
    })
    await call(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, { method: 'POST', body: '{"broken"' })
    await call(`/hooks/${TEST_WEBHOOK_SECRET}/wrong`, { method: 'POST', body: '{}' })
    await call('/healthz')
    await call('/metrics')
    await call('/widget.js')
    await call(`/nowhere/${TEST_WEBHOOK_SECRET}`)
    const sse = openSse(`${server.url}/api/events`, { authorization: `Bearer ${session.token}` })
    await eventually(() => expect(sse.messages()).toHaveLength(3))
    sse.close()
    seen.push(JSON.stringify(sse.events), JSON.stringify(sse.headers))
    await server.close()
    const everything = [...seen, ...server.logs].join('\n')
    expect(server.logs.length).toBeGreaterThan(10)
    for (const secret of SECRETS) expect(everything).not.toContain(secret)
  })

  it('redacts a secret that reaches the logger by mistake', () => {
    const lines: string[] = []
    const logger = createLogger({ secrets: SECRETS, write: (line) => lines.push(line) })
    logger.error(`calling ${config.channel.url} failed`, {
      token: config.sessionSecret,
      nested: { url: config.channel.statusUrl },
    })
    expect(lines).toHaveLength(1)
    for (const secret of secretsOf(config)) expect(lines[0]).not.toContain(secret)
    expect(lines[0]).toContain('[redacted]')
  })

  it('in the built widget bundle: no secret values and no server code', (context) => {
    const dir = join(findRepoRoot(), 'dist', 'widget')
    if (!existsSync(dir)) {
      context.skip()
      return
    }
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) =>
      f.isFile(),
    )
    expect(files.length).toBeGreaterThan(0)
    const names = [
      'CHANNEL_URL',
      'WEBHOOK_SECRET',
      'SESSION_SECRET',
      'IDENTITY_SECRET',
      'BOT_TOKEN',
    ]
    const values = names
      .map((name) => process.env[name])
      .filter((v): v is string => Boolean(v && v.length >= 8))
    // Reading the environment or signing tokens in the bundle would mean server code got in.
    const serverCode = [/process\.env/, /createHmac/, /porthole-visitor-v1/]
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8')
      for (const value of values)
        expect(text, `${file.name} contains a secret value`).not.toContain(value)
      for (const pattern of serverCode)
        expect(text, `${file.name} matches ${pattern}`).not.toMatch(pattern)
    }
  })
})
