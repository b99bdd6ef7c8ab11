import { afterEach, describe, expect, it } from 'vitest'
import { isBotSettingsError } from '../../server/bot/errors'
import { silentLogger } from '../../server/logging/logger'
import { type RunningServer, startServer } from '../../server/start'
import { createTestConfig, createTestSettings } from '../support/test-config'

const BOT_ENV = {
  BOT_TOKEN: 'bot-token-0123456789abcdef',
  BOT_PROVIDER_ID: 'porthole',
  BOT_BASE_URL: 'http://127.0.0.1:9/',
}

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function start(env: Record<string, string>, settings = createTestSettings()) {
  return startServer({
    config: createTestConfig({}, env),
    settings,
    port: 0,
    host: '127.0.0.1',
    logger: silentLogger,
  })
}

describe('startServer with BOT_TOKEN', () => {
  it('serves the B2 endpoint of Porthole’s rules bot', async () => {
    server = await start(BOT_ENV)
    const wrongToken = await fetch(`${server.url}/bot/not-the-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(wrongToken.status).toBe(401)
    expect(await wrongToken.json()).toMatchObject({ error: { code: 'invalid_client' } })
    const badBody = await fetch(`${server.url}/bot/${BOT_ENV.BOT_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'CLIENT_MESSAGE', id: 'e1' }),
    })
    expect(badBody.status).toBe(400)
    expect(await badBody.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })

  it('has no bot endpoint without BOT_TOKEN', async () => {
    server = await start({})
    const response = await fetch(`${server.url}/bot/${BOT_ENV.BOT_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(404)
  })

  it('refuses to start with a bot rule the channel cannot show, naming the rule', async () => {
    // The settings are checked as they are read, bot rules included (before the server starts).
    const error = await Promise.resolve()
      .then(() =>
        start(
          BOT_ENV,
          createTestSettings({
            bot: {
              rules: [
                {
                  name: 'prices',
                  keywords: ['price'],
                  reply: { type: 'MARKDOWN', content: '**9 €**' },
                },
              ],
            },
          }),
        ),
      )
      .catch((e: unknown) => e)
    expect(isBotSettingsError(error)).toBe(true)
    expect(String((error as Error).message)).toMatch(/prices/)
  })
})
