import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/load-config'
import { silentLogger } from '../../server/logging/logger'
import { startServer } from '../../server/start'
import { KEY_PREFIXES } from '../../server/store/keys'
import { createMemoryStore } from '../../server/store/memory-store'
import { createClientMessageEvent } from '../support/protocol-factories'
import { createTestConfig, createTestEnv, createTestSettings } from '../support/test-config'

const BOT_ENV = {
  BOT_TOKEN: 'bot-token-0123456789abcdef',
  BOT_PROVIDER_ID: 'porthole',
  BOT_BASE_URL: 'http://bot.service.test/',
}

type Call = { url: string; body: unknown }

/** The service: the channel answers; the bot endpoint hangs until the request is aborted, or answers. */
function service(botHangs: boolean) {
  const botCalls: Call[] = []
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input)
    if (!url.startsWith(BOT_ENV.BOT_BASE_URL)) return new Response('1', { status: 200 })
    botCalls.push({ url, body: JSON.parse(String(init.body)) })
    if (!botHangs) return new Response('OK', { status: 200 })
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      )
    })
  }) as typeof globalThis.fetch
  return { fetch, botCalls }
}

describe('SHUTDOWN_TIMEOUT_SECONDS', () => {
  it('reads 1 to 3600 seconds, 20 by default', () => {
    const timeout = (value: string | undefined) =>
      loadConfig(createTestEnv({ SHUTDOWN_TIMEOUT_SECONDS: value }), {
        cwd: '/nonexistent-porthole-test',
      }).shutdownTimeoutMs
    expect(timeout(undefined)).toBe(20_000)
    expect(timeout('3')).toBe(3000)
    for (const bad of ['0', '3601', 'soon'])
      expect(() => timeout(bad)).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/)
  })

  it('bounds the shutdown with the bot endpoint hanging and 40 events queued; the next start handles them all', async () => {
    const store = createMemoryStore()
    const config = createTestConfig({}, { ...BOT_ENV, SHUTDOWN_TIMEOUT_SECONDS: '1' })
    const start = (fetch: typeof globalThis.fetch) =>
      startServer({
        config,
        settings: createTestSettings({ bot: { greeting: 'Hello!' } }),
        store,
        fetch,
        port: 0,
        host: '127.0.0.1',
        logger: silentLogger,
      })
    const hanging = service(true)
    const first = await start(hanging.fetch)
    for (let i = 0; i < 40; i++) {
      const event = createClientMessageEvent({
        chat_id: `chat-${i}`,
        client_id: `client-${i}`,
      })
      const res = await fetch(`${first.url}/bot/${BOT_ENV.BOT_TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...event, chat_id: 'one-chat' }),
      })
      expect(res.status).toBe(200)
    }
    // Before the bound it waited for every event: 40 x (3 attempts of 3 s + back-off).
    await first.close()
    expect(await store.listRecords(KEY_PREFIXES.botPending)).toHaveLength(40)

    const working = service(false)
    const second = await start(working.fetch)
    try {
      await expect
        .poll(() => store.listRecords(KEY_PREFIXES.botPending), { timeout: 30_000 })
        .toEqual([])
      // The event cut short by the shutdown is handled in full by the next start.
      expect(working.botCalls[0]?.body).toMatchObject({
        event: 'BOT_MESSAGE',
        chat_id: 'one-chat',
        message: { text: 'Hello!' },
      })
    } finally {
      await second.close()
    }
  }, 60_000)
})
