import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BotSettingsError, createBot } from '../../../server/bot/index'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createFakeFetch, createRecordingLogger, ok } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'

const EventKind = z.object({ event: z.string() })
const config = { token: 'tok-create-bot', providerId: 'porthole', baseUrl: 'http://service.test' }

describe('createBot', () => {
  it('refuses invalid settings at start, naming the rule', () => {
    const settings = {
      rules: [
        { name: 'promo', keywords: ['sale'], reply: { type: 'MARKDOWN', content: '**-20%**' } },
      ],
    }
    expect(() => createBot({ config, settings, store: createMemoryStore() })).toThrow(
      BotSettingsError,
    )
    expect(() => createBot({ config, settings, store: createMemoryStore() })).toThrow(
      /rules\[0\] "promo"\.reply\.text/,
    )
  })

  it('mounts at /bot and answers a CLIENT_MESSAGE from the rules over B1', async () => {
    const fake = createFakeFetch(ok)
    const bot = createBot({
      config,
      settings: createSettingsInput({ greeting: undefined }),
      store: createMemoryStore(),
      fetch: fake.fetch,
      logger: createRecordingLogger(),
    })
    const app = new Hono().route('/bot', bot.routes)
    const event = createClientMessageEvent({
      message: { type: 'TEXT', text: 'are you open today?' },
    })
    const response = await app.request(`/bot/${config.token}`, {
      method: 'POST',
      body: JSON.stringify(event),
    })
    expect(response.status).toBe(200)
    await bot.settled()
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]?.url).toBe('http://service.test/webhooks/porthole/tok-create-bot')
    expect(fake.calls[0]?.body).toMatchObject({
      event: 'BOT_MESSAGE',
      chat_id: event.chat_id,
      message: { type: 'TEXT', text: 'We are open Monday to Friday, 9:00 to 18:00.' },
    })
    await bot.close()
  })

  it('runs with no bot section at all (every question goes to an agent)', async () => {
    const fake = createFakeFetch(ok)
    const bot = createBot({
      config,
      settings: undefined,
      store: createMemoryStore(),
      fetch: fake.fetch,
      logger: createRecordingLogger(),
    })
    const app = new Hono().route('/bot', bot.routes)
    await app.request(`/bot/${config.token}`, {
      method: 'POST',
      body: JSON.stringify(createClientMessageEvent()),
    })
    await bot.close()
    expect(fake.calls.map((call) => EventKind.parse(call.body).event)).toEqual([
      'BOT_MESSAGE',
      'INVITE_AGENT',
    ])
  })
})
