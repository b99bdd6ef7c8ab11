import { afterEach, describe, expect, it } from 'vitest'
import type { BotArticles } from '../../server/bot/articles'
import { isBotSettingsError } from '../../server/bot/errors'
import { silentLogger } from '../../server/logging/logger'
import { type RunningServer, startServer } from '../../server/start'
import { createClientMessageEvent } from '../support/protocol-factories'
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

function start(
  env: Record<string, string>,
  settings = createTestSettings(),
  articles?: BotArticles,
) {
  return startServer({
    config: createTestConfig({}, env),
    settings,
    ...(articles ? { articles } : {}),
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

describe('startServer with articles for Porthole’s rules bot', () => {
  it('searches them for a question no rule answers, and lists the bot’s counters in /metrics', async () => {
    const searched: { query: string; language: string | undefined }[] = []
    const articles: BotArticles = {
      async search(query, options) {
        searched.push({ query, language: options.language })
        return { results: [], confident: false }
      },
    }
    server = await start(BOT_ENV, createTestSettings(), articles)
    const event = createClientMessageEvent({
      message: { type: 'TEXT', text: 'Как вернуть куртку?' },
    })
    const response = await fetch(`${server.url}/bot/${BOT_ENV.BOT_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    })
    expect(response.status).toBe(200)
    await expect.poll(() => searched).toEqual([{ query: 'Как вернуть куртку?', language: 'ru' }])

    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    for (const name of [
      'porthole_bot_article_answers_total',
      'porthole_bot_article_helped_total',
      'porthole_bot_article_rephrase_asks_total',
      'porthole_bot_article_misses_total',
      'porthole_bot_article_search_failures_total',
    ])
      expect(metrics).toContain(`# TYPE ${name} counter`)
  })
})
