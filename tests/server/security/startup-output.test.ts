import { describe, expect, it, vi } from 'vitest'
import { maskSecret } from '../../../server/logging/mask-secret'
import { runEntry } from '../../support/run-entry'
import {
  createTestEnv,
  TEST_CHANNEL_URL,
  TEST_IDENTITY_SECRET,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'

const BOT_TOKEN = 'bot-token-0123456789abcdefXyZ9'
const SECRETS = {
  WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  SESSION_SECRET: TEST_SESSION_SECRET,
  IDENTITY_SECRET: TEST_IDENTITY_SECRET,
  CHANNEL_URL: TEST_CHANNEL_URL,
  'the channel random string': 's3cr3tRandomPath',
  BOT_TOKEN,
}

describe('maskSecret', () => {
  it('shows the last 4 characters of a long secret and nothing of a short one', () => {
    expect(maskSecret('0123456789abcdefc9f3')).toBe('****c9f3')
    expect(maskSecret('short-secret')).toBe('****cret')
    expect(maskSecret('tiny')).toBe('****')
    expect(maskSecret('')).toBe('****')
  })
})

describe('a started server (npm run serve) at LOG_LEVEL=debug', () => {
  it('never prints or logs a secret, on stdout or stderr, across requests and shutdown', async () => {
    const env = createTestEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://chat.example.com',
      LOG_LEVEL: 'debug',
      BOT_TOKEN,
      BOT_PROVIDER_ID: 'porthole',
      // Nothing listens here: the bot's replies fail and are logged.
      BOT_BASE_URL: 'http://127.0.0.1:9',
      A2_RETRY_INTERVAL_MS: '10',
      A2_RETRIES: '1',
      UPSTREAM_TIMEOUT_MS: '500',
    })
    const { child, out, exited } = runEntry('server/main.ts', env)
    try {
      await vi.waitFor(() => expect(out.stderr).toContain('Bot endpoint'), {
        timeout: 20_000,
        interval: 100,
      })
      // The operator still learns which values are configured, by their last characters.
      expect(out.stderr).toContain(
        `https://chat.example.com/hooks/****${TEST_WEBHOOK_SECRET.slice(-4)}`,
      )
      expect(out.stderr).toContain(`https://chat.example.com/bot/****${BOT_TOKEN.slice(-4)}`)
      const url = out.stderr.match(/listening on [^\n]*?(http:\/\/\S+)/)?.[1]
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://shop.example',
            ...headers,
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        })
      const session = await (await post('/api/session', {})).json()
      const auth = { authorization: `Bearer ${session.token}` }
      // A customer message: the service is unreachable, so the A2 call fails and is logged.
      await post('/api/messages', { id: 'secret-test-1', type: 'text', text: 'hello' }, auth)
      const hook = `/hooks/${TEST_WEBHOOK_SECRET}`
      const message = createAgentMessage({ recipientId: session.visitorId })
      expect((await post(`${hook}/chan42`, message)).status).toBe(200)
      await post(`${hook}/chan42`, '{"broken"')
      await post(`${hook}/wrong-channel`, message)
      await post(hook, message)
      await post(`${hook}/chan42/extra`, message)
      await post(`/hooks/${TEST_WEBHOOK_SECRET.slice(0, -1)}/chan42`, message)
      await post(`/bot/${BOT_TOKEN}`, {
        event: 'CLIENT_MESSAGE',
        id: 'e1',
        client_id: 'c1',
        chat_id: 'chat1',
        message: { type: 'TEXT', text: 'hello', timestamp: 1 },
      })
      await post(`/bot/${BOT_TOKEN}`, '{"broken"')
      await post(`/bot/${BOT_TOKEN}/more`, {})
      await post(`/bot/${BOT_TOKEN}x`, {})
      await fetch(`${url}/s3cr3tRandomPath/chan42`)
      await fetch(`${url}/api/events?token=${session.token}&secret=${TEST_SESSION_SECRET}`, {
        signal: AbortSignal.timeout(300),
      }).catch(() => undefined)
      // Give the A2 retries and the bot's B1 attempts time to fail and log.
      await vi.waitFor(() => expect(out.stdout).toMatch(/"level":"(warn|error)"/), {
        timeout: REAL_WORK_TIMEOUT_MS,
        interval: 100,
      })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    const lines = out.stdout.trim().split('\n')
    expect(lines.length).toBeGreaterThan(10)
    expect(lines.some((line) => JSON.parse(line).level === 'debug')).toBe(true)
    const everything = `${out.stdout}\n${out.stderr}`
    for (const [name, value] of Object.entries(SECRETS))
      expect(everything, `${name} was written`).not.toContain(value)
  }, 45_000)
})
