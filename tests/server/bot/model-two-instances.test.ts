import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { answersConfigOf, type FakeOpenAi, startFakeOpenAi } from '../../../kit/fake-openai'
import { describeRedis } from '../../../kit/redis-server'
import { createBot } from '../../../server/bot/index'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createDailyBudget } from '../../../server/model-answers/daily-budget'
import { createModelAnswers } from '../../../server/model-answers/model-answers'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createFakeFetch, createRecordingLogger, ok } from '../support/bot-fakes'
import { RETURNS_PASSAGE } from '../support/model-brain'
import { useRedisInstances } from '../support/redis-instances'
import { createSettingsInput } from '../support/rule-factories'

const CITED = 'Unworn items go back within 30 days [[returns-window]].'
const config = {
  token: 'tok-two-instances',
  providerId: 'porthole',
  baseUrl: 'http://service.test',
}

describeRedis('model answers on two instances over one Redis', () => {
  const redis = useRedisInstances()
  let model: FakeOpenAi
  beforeAll(async () => {
    model = await startFakeOpenAi()
  })
  afterAll(() => model.close())

  async function instance(prefix: string, limits: { dailyTokens?: number } = {}) {
    const store = await redis.openStore({ prefix })
    const logger = createRecordingLogger()
    const service = createFakeFetch(ok)
    const answers = createModelAnswers({
      config: answersConfigOf(model, { dailyTokens: limits.dailyTokens ?? 100_000 }),
      passages: () => [RETURNS_PASSAGE],
      budget: createDailyBudget({
        store,
        limit: limits.dailyTokens ?? 100_000,
        now: Date.now,
        logger,
      }),
      fetch,
      registry: createMetricsRegistry({ processMetrics: false }),
      logger,
      now: Date.now,
      mask: (text) => text,
    })
    const bot = createBot({
      config,
      settings: createSettingsInput({ greeting: undefined, modelAnswers: { enabled: true } }),
      store,
      fetch: service.fetch,
      logger,
      model: { answers, mask: answers.mask },
    })
    const app = new Hono().route('/bot', bot.routes)
    const post = async (event: object) => {
      const res = await app.request(`/bot/${config.token}`, {
        method: 'POST',
        body: JSON.stringify(event),
      })
      expect(res.status).toBe(200)
    }
    return { bot, post, service }
  }

  it('answers a question the service sent to both instances once, with one model call', async () => {
    model.requests.length = 0
    model.setDefault({ content: CITED, chunks: 3, chunkDelayMs: 20 })
    const prefix = `llm${randomUUID().slice(0, 8)}:`
    const [a, b] = [await instance(prefix), await instance(prefix)]
    const event = createClientMessageEvent({
      id: randomUUID(),
      chat_id: 'chat-twice',
      client_id: 'client-twice',
      message: { type: 'TEXT', text: 'Can I send my jacket back?' },
    })
    await Promise.all([a.post(event), b.post(event)])
    await Promise.all([a.bot.settled(), b.bot.settled()])
    expect(model.requests).toHaveLength(1)
    const sent = [...a.service.calls, ...b.service.calls].map((call) => call.body)
    expect(sent.filter((body) => JSON.stringify(body).includes('MARKDOWN'))).toHaveLength(1)
    await Promise.all([a.bot.close(), b.bot.close()])
  })

  it('shares the daily budget between the instances', async () => {
    model.requests.length = 0
    model.setDefault({ content: CITED, usage: { in: 900, out: 200 } })
    const prefix = `llm${randomUUID().slice(0, 8)}:`
    const [a, b] = [
      await instance(prefix, { dailyTokens: 1000 }),
      await instance(prefix, { dailyTokens: 1000 }),
    ]
    const ask = (chat: string) =>
      createClientMessageEvent({
        id: randomUUID(),
        chat_id: chat,
        client_id: `client-${chat}`,
        message: { type: 'TEXT', text: 'Can I send my jacket back?' },
      })
    await a.post(ask('chat-on-a'))
    await a.bot.settled()
    await b.post(ask('chat-on-b'))
    await b.bot.settled()
    expect(model.requests).toHaveLength(1)
    await Promise.all([a.bot.close(), b.bot.close()])
  })
})
