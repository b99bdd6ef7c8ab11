import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox } from '../../../demo/sandbox/index'
import { createBot } from '../../../server/bot/index'
import { loadConfig } from '../../../server/config/load-config'
import { createLogger } from '../../../server/logging/logger'
import { parseSettings } from '../../../server/settings/load-settings'
import { type RunningServer, startServer } from '../../../server/start'
import { createMemoryStore } from '../../../server/store/memory-store'
import { ConversationEntry, SessionResponse } from '../../../shared/widget-api'
import { createRecordingLogger, eventually } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'
import { openSse } from '../support/sse-client'

// The whole product loop with the bot: widget API -> backend -> sandbox (A2) -> the
// bot (B2) -> sandbox (B1) -> backend (A3) -> the customer's SSE stream.

const TOKEN = 'bot-token-0123456789abcdef'
const WEBHOOK_SECRET = 'hook-secret-0123456789abcdef'
const ORIGIN = 'https://shop.example'
const Channel = z.object({ id: z.string(), endpoint: z.string() })

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startLoop() {
  const sandbox = await startSandbox({ port: 0, timings: { deliveryIntervalMs: 50 } })
  cleanups.push(() => sandbox.close())
  const channel = Channel.parse(
    sandbox.service.createChannel({
      name: 'Website',
      webhookUrl: 'http://127.0.0.1:9/hooks',
      agents: ['Anna'],
    }),
  )
  for (const agent of sandbox.service.listAgents()) sandbox.service.setAgentOnline(agent.id, true)
  const store = createMemoryStore()
  const bot = createBot({
    config: { token: TOKEN, providerId: 'porthole', baseUrl: sandbox.url },
    settings: createSettingsInput(),
    store,
    logger: createRecordingLogger(),
  })
  cleanups.push(() => bot.close())
  const config = loadConfig(
    {
      PORT: '0',
      PUBLIC_URL: 'http://porthole.test',
      CHANNEL_URL: channel.endpoint,
      WEBHOOK_SECRET,
      SESSION_SECRET: 'session-secret-0123456789abcdef0123456789',
      ALLOWED_ORIGINS: ORIGIN,
      STORE_URL: 'memory:',
      BOT_TOKEN: TOKEN,
      BOT_PROVIDER_ID: 'porthole',
      BOT_BASE_URL: sandbox.url,
    },
    { cwd: '/nonexistent-porthole-test' },
  )
  const server: RunningServer = await startServer({
    config,
    settings: parseSettings({}),
    store,
    bot,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'error', write: () => {} }),
    staticDir: '/nonexistent-widget-build',
  })
  cleanups.push(() => server.close())
  sandbox.service.registerBotProvider({
    providerId: 'porthole',
    endpointUrl: `${server.url}/bot`,
    token: TOKEN,
  })
  sandbox.service.updateChannel(channel.id, {
    webhookUrl: `${server.url}/hooks/${WEBHOOK_SECRET}`,
    botProviderId: 'porthole',
  })

  const call = (path: string, body: unknown, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  const session = SessionResponse.parse(await (await call('/api/session', {})).json())
  const stream = openSse(`${server.url}/api/events`, {
    origin: ORIGIN,
    authorization: `Bearer ${session.token}`,
  })
  cleanups.push(async () => {
    stream.close()
  })
  await stream.ready
  const botTexts = () =>
    stream
      .messages()
      .map((data) => ConversationEntry.parse(data))
      .filter((entry) => entry.author !== 'visitor')
      .map((entry) => (entry.content.type === 'text' ? entry.content.text : entry.content.type))
  let sent = 0
  const say = async (text: string) => {
    sent += 1
    const response = await call(
      '/api/messages',
      { id: `message-${sent}`, type: 'text', text },
      session.token,
    )
    expect(response.status).toBe(200)
  }
  return { sandbox, server, store, bot, say, botTexts }
}

describe('the bot in the whole loop (widget API, backend, sandbox)', () => {
  it("shows the bot's replies, fallback texts included, in the customer's stream", async () => {
    const loop = await startLoop()
    await loop.say('What are your prices?')
    await eventually(() => loop.botTexts().length >= 2)
    expect(loop.botTexts()).toEqual([
      'Hello! I am the shop bot.',
      'See our prices at https://example.com/prices',
    ])
  })

  it('hands over to the agent, who then answers in the same stream while the bot stays silent', async () => {
    const loop = await startLoop()
    await loop.say('Do you sell bikes?')
    await eventually(() => loop.botTexts().length >= 2)
    const chat = loop.sandbox.service.chats.list().at(-1)
    if (!chat) throw new Error('no chat in the sandbox')
    expect(chat.state).toBe('queued')
    const { delivery } = loop.sandbox.service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'Hi, Anna here.' },
    })
    expect((await delivery).status).toBe('delivered')
    await loop.say('When are you open?')
    // Let any reply travel the whole way (B2, the bot, B1, A3) before checking it did not come.
    for (let round = 0; round < 3; round++) {
      await loop.sandbox.service.settled()
      await loop.bot.settled()
    }
    await eventually(() => loop.botTexts().includes('Hi, Anna here.'))
    expect(loop.botTexts()).toEqual([
      'Hello! I am the shop bot.',
      'Connecting you to an agent…',
      'Hi, Anna here.',
    ])
  })
})
