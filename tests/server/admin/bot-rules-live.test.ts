import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { type RunningServer, startServer } from '../../../server/start'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { REAL_WORK } from '../../support/timeouts'
import { stopAfterEach } from '../support/stop-after-each'

const TOKEN = 'admin-token-0123456789abcdef'
const ENV = {
  BOT_TOKEN: 'bot-token-0123456789abcdef',
  BOT_PROVIDER_ID: 'porthole',
  BOT_BASE_URL: 'http://bot-service.test',
  ADMIN_PASSWORD: 'correct horse battery',
  ADMIN_TOKEN: TOKEN,
}

const started = stopAfterEach((server: RunningServer) => server.close())

describe('the bot and the settings studio', () => {
  it('answers from a rule saved in the studio, without a restart', async () => {
    const sent: { event: string; message?: { text?: string } }[] = []
    const upstream = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.startsWith(ENV.BOT_BASE_URL)) sent.push(JSON.parse(String(init?.body)))
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
    })
    const server = started(
      await startServer({
        config: createTestConfig({}, ENV),
        settings: createTestSettings({
          bot: { rules: [{ name: 'hours', keywords: ['open'], reply: 'Mon–Fri 9–18' }] },
        }),
        fetch: upstream as typeof fetch,
        port: 0,
        host: '127.0.0.1',
        logger: createLogger({ level: 'error', write: () => {} }),
      }),
    )
    const url = server.url
    const ask = async (text: string) => {
      sent.length = 0
      const event = createClientMessageEvent({ message: { type: 'TEXT', text } })
      const res = await fetch(`${url}/bot/${ENV.BOT_TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      })
      expect(res.status).toBe(200)
      await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0), REAL_WORK)
      return sent.map((event) => event.message?.text ?? event.event)
    }
    expect(await ask('are you open?')).toContain('Mon–Fri 9–18')
    // No rule for Wi-Fi yet: the bot hands over.
    expect(await ask('what is the wifi password?')).toContain('INVITE_AGENT')

    const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
    const { settings } = await (await fetch(`${url}/admin/api/settings`, { headers: auth })).json()
    const saved = await fetch(`${url}/admin/api/settings`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        ...settings,
        bot: { rules: [{ name: 'wifi', keywords: ['wifi'], reply: 'Ask at the desk: "guest".' }] },
      }),
    })
    expect(saved.status).toBe(200)
    expect(await ask('what is the wifi password?')).toContain('Ask at the desk: "guest".')
    // The old rule is gone with the old settings.
    expect(await ask('are you open?')).not.toContain('Mon–Fri 9–18')
  })
})
