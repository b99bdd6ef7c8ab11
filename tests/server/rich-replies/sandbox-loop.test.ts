import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox } from '../../../demo/sandbox/index'
import { loadConfig } from '../../../server/config/load-config'
import { createLogger } from '../../../server/logging/logger'
import { parseSettings } from '../../../server/settings/load-settings'
import { startServer } from '../../../server/start'
import { createMemoryStore } from '../../../server/store/memory-store'
import { ConversationEntry, HistoryResponse, SessionResponse } from '../../../shared/widget-api'
import { eventually } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'
import { openSse } from '../support/sse-client'

// The whole loop with the backend's own bot (started by startServer from BOT_*): the bot
// sends BUTTONS (B1) -> the sandbox delivers the fallback (A3) -> the widget's stream
// carries the entry with `rich`; an agent's equal text later stays plain.

const TOKEN = 'bot-token-0123456789abcdef'
const WEBHOOK_SECRET = 'hook-secret-0123456789abcdef'
const ORIGIN = 'https://shop.example'
const FALLBACK = 'Where should we deliver? Reply "City" or "Country", or ask for an agent.'
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
  const server = await startServer({
    config,
    settings: parseSettings({ bot: createSettingsInput() }),
    store,
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
  const call = (path: string, body?: unknown, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
  const received = () =>
    stream
      .messages()
      .map((data) => ConversationEntry.parse(data))
      // What the agents' side wrote: not the visitor's own, nor who took the chat (joined).
      .filter((entry) => entry.author !== 'visitor' && entry.joined === undefined)
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
  const history = async () =>
    HistoryResponse.parse(await (await call('/api/history', undefined, session.token)).json())
      .entries
  return { sandbox, say, received, history }
}

describe('the bot’s buttons in the whole loop (sandbox)', () => {
  it('arrive in the stream and the history as buttons; the tap’s text gets the bot’s next answer', async () => {
    const loop = await startLoop()
    await loop.say('What about shipping?')
    await eventually(() => loop.received().length >= 2)
    const buttons = loop.received()[1]
    expect(buttons?.content).toEqual({ type: 'text', id: expect.any(String), text: FALLBACK })
    expect(buttons?.rich).toEqual({
      type: 'buttons',
      text: 'Where should we deliver?',
      buttons: [
        { id: 'delivery-city', text: 'City' },
        { id: 'delivery-country', text: 'Country' },
        { id: 'handover', text: 'Talk to a person' },
      ],
    })
    expect((await loop.history()).find((entry) => entry.id === buttons?.id)?.rich).toEqual(
      buttons?.rich,
    )
    // What a tap sends: the button's text, as the fallback asks the customer to type.
    await loop.say('Country')
    await eventually(() => loop.received().length >= 3)
    expect(loop.received()[2]).toMatchObject({ content: { text: 'Two to five days.' } })
    expect(loop.received()[2]?.rich).toBeUndefined()

    // An agent who then types the very same text gets no buttons.
    const chat = loop.sandbox.service.chats.list().at(-1)
    if (!chat) throw new Error('no chat in the sandbox')
    const { delivery } = loop.sandbox.service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: FALLBACK },
    })
    expect((await delivery).status).toBe('delivered')
    await eventually(() => loop.received().length >= 4)
    expect(loop.received()[3]).toMatchObject({ name: 'Anna', content: { text: FALLBACK } })
    expect(loop.received()[3]?.rich).toBeUndefined()
  })
})
