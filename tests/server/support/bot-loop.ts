import { expect } from 'vitest'
import { z } from 'zod'
import { type RunningSandbox, startSandbox } from '../../../demo/sandbox/index'
import { type Bot, createBot } from '../../../server/bot/index'
import { loadConfig } from '../../../server/config/load-config'
import { createLogger } from '../../../server/logging/logger'
import { parseSettings } from '../../../server/settings/load-settings'
import { type RunningServer, startServer } from '../../../server/start'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { ConversationEntry, SessionResponse } from '../../../shared/widget-api'
import { createRecordingLogger } from './bot-fakes'
import { createSettingsInput } from './rule-factories'
import { openSse, type SseConnection } from './sse-client'

// The whole product loop with the bot, on real sockets: widget API -> backend -> sandbox
// (A2) -> the bot (B2) -> sandbox (B1) -> backend (A3) -> the visitor's SSE stream.

const TOKEN = 'bot-token-0123456789abcdef'
const WEBHOOK_SECRET = 'hook-secret-0123456789abcdef'
const ORIGIN = 'https://shop.example'
const Channel = z.object({ id: z.string(), endpoint: z.string() })

export type BotLoop = {
  sandbox: RunningSandbox
  server: RunningServer
  store: Store
  /** The bot the test started itself (`ownBot`); otherwise the backend runs its own from BOT_*. */
  bot: Bot | undefined
  /** The visitor's live stream. */
  stream: SseConnection
  /** A widget API call as the visitor (GET without a body, POST with one). */
  call(path: string, body?: unknown): Promise<Response>
  /** Every entry the stream carried that the visitor did not write. */
  received(): ConversationEntry[]
  /** The visitor sends a text (POST /api/messages) and the backend takes it. */
  say(text: string): Promise<void>
  /** Stream, backend, bot and sandbox, in that order. */
  close(): Promise<void>
}

/**
 * Starts the sandbox with Anna online, the backend on a free port wired to it as channel
 * and bot provider, and a visitor with an open stream.
 * @example const loop = await startBotLoop({ ownBot: true }); await loop.say('Hi')
 */
export async function startBotLoop(
  options: {
    ownBot?: boolean
    /** More of the backend's environment (ANSWERS_LLM_*, ADMIN_*). */
    env?: Record<string, string>
    /** The backend's own bot's settings (default: createSettingsInput()). */
    bot?: Record<string, unknown>
  } = {},
): Promise<BotLoop> {
  const closers: (() => Promise<void>)[] = []
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer()
  }
  try {
    const sandbox = await startSandbox({ port: 0, timings: { deliveryIntervalMs: 50 } })
    closers.push(() => sandbox.close())
    const channel = Channel.parse(
      sandbox.service.createChannel({
        name: 'Website',
        webhookUrl: 'http://127.0.0.1:9/hooks',
        agents: ['Anna'],
      }),
    )
    for (const agent of sandbox.service.listAgents()) sandbox.service.setAgentOnline(agent.id, true)
    const store = createMemoryStore()
    let bot: Bot | undefined
    if (options.ownBot) {
      const started = createBot({
        config: { token: TOKEN, providerId: 'porthole', baseUrl: sandbox.url },
        settings: createSettingsInput(),
        store,
        logger: createRecordingLogger(),
      })
      bot = started
      closers.push(() => started.close())
    }
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
        ...options.env,
      },
      { cwd: '/nonexistent-porthole-test' },
    )
    const server = await startServer({
      config,
      // A bot of the test's own takes the rules itself; the backend's reads them from settings.
      settings: parseSettings(bot ? {} : { bot: options.bot ?? createSettingsInput() }),
      store,
      ...(bot ? { bot } : {}),
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ level: 'error', write: () => {} }),
      staticDir: '/nonexistent-widget-build',
    })
    closers.push(() => server.close())
    sandbox.service.registerBotProvider({
      providerId: 'porthole',
      endpointUrl: `${server.url}/bot`,
      token: TOKEN,
    })
    sandbox.service.updateChannel(channel.id, {
      webhookUrl: `${server.url}/hooks/${WEBHOOK_SECRET}`,
      botProviderId: 'porthole',
    })

    const request = (path: string, body: unknown, token: string | undefined) =>
      fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const session = SessionResponse.parse(
      await (await request('/api/session', {}, undefined)).json(),
    )
    const stream = openSse(`${server.url}/api/events`, {
      origin: ORIGIN,
      authorization: `Bearer ${session.token}`,
    })
    closers.push(async () => {
      stream.close()
    })
    await stream.ready
    let sent = 0
    return {
      sandbox,
      server,
      store,
      bot,
      stream,
      call: (path, body) => request(path, body, session.token),
      received: () =>
        stream
          .messages()
          .map((data) => ConversationEntry.parse(data))
          .filter((entry) => entry.author !== 'visitor'),
      say: async (text) => {
        sent += 1
        const response = await request(
          '/api/messages',
          { id: `message-${sent}`, type: 'text', text },
          session.token,
        )
        expect(response.status).toBe(200)
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
