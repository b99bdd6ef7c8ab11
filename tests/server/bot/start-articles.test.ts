import { afterEach, describe, expect, it } from 'vitest'
import type { BotArticles } from '../../../server/bot/articles'
import { silentLogger } from '../../../server/logging/logger'
import { type RunningServer, startServer } from '../../../server/start'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createTestConfig, createTestSettings } from '../../support/test-config'

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

describe('startServer with articles for Porthole’s rules bot', () => {
  it('searches them for a question no rule answers, and lists the bot’s counters in /metrics', async () => {
    const searched: { query: string; language: string | undefined }[] = []
    const articles: BotArticles = {
      async search(query, options) {
        searched.push({ query, language: options.language })
        return { results: [], confident: false }
      },
    }
    server = await startServer({
      config: createTestConfig({}, BOT_ENV),
      settings: createTestSettings(),
      articles,
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger,
    })
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
