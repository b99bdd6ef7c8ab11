import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { z } from 'zod'
import { type RunningSandbox, startSandbox } from '../../../demo/sandbox/index'
import { createBot } from '../../../server/bot/index'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { AgentMessage } from '../../../shared/protocol'
import { createRecordingLogger, eventually } from './bot-fakes'
import { createSettingsInput } from './rule-factories'

// The whole bot loop on real sockets: the sandbox (the service), Porthole's bot on
// its own server, and a stand-in for the backend's A3 receiver that records what
// the customer's stream would show.

async function listen(app: Hono): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('listen: no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}

const Channel = z.object({ id: z.string(), endpoint: z.string() })
const Agent = z.object({ id: z.string(), name: z.string() })
const ChatSummary = z.object({
  id: z.string(),
  clientId: z.string(),
  state: z.string(),
  bot: z.string(),
})
const Traffic = z.array(
  z.object({
    interface: z.string(),
    ok: z.boolean(),
    status: z.number().optional(),
    request: z.unknown(),
  }),
)
const EventKind = z.object({ event: z.string() })

export type Harness = Awaited<ReturnType<typeof startHarness>>

export async function startHarness(options: { settings?: unknown; agentOnline: boolean }) {
  const token = `tok_${Math.random().toString(36).slice(2)}`
  const providerId = 'porthole-bot'
  const shown: { recipient: string; text: string }[] = []
  const receiver = new Hono().post('/hooks/:channelId', async (c) => {
    const message = AgentMessage.parse(await c.req.json())
    if (message.message.type === 'text') {
      shown.push({ recipient: String(message.recipient.id), text: message.message.text })
    }
    return c.json({ result: 'ok' })
  })
  const a3 = await listen(receiver)
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    timings: { deliveryIntervalMs: 50, botTimeoutMs: 3000, botRetries: 2 },
  })
  const store: Store = createMemoryStore()
  const logger = createRecordingLogger()
  const bot = createBot({
    config: { token, providerId, baseUrl: sandbox.url },
    settings: options.settings ?? createSettingsInput(),
    store,
    logger,
    retryDelayMs: 10,
  })
  const backend = await listen(new Hono().route('/bot', bot.routes))

  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.url}/console/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`)
    return response.json() as Promise<unknown>
  }

  await api('/bot-providers', {
    providerId,
    endpointUrl: `${backend.url}/bot`,
    token,
    name: 'Shop bot',
  })
  const agent = Agent.parse(await api('/agents', { name: 'Anna', online: options.agentOnline }))
  const channel = Channel.parse(
    await api('/channels', {
      name: 'Website',
      webhookUrl: `${a3.url}/hooks`,
      agents: [agent.id],
      botProviderId: providerId,
    }),
  )

  const customerSays = async (senderId: string, text: string) => {
    const response = await fetch(channel.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        sender: { id: senderId, name: 'Ann' },
        message: { type: 'text', text },
      }),
    })
    if (response.status !== 200) throw new Error(`A2: HTTP ${response.status}`)
  }
  const chatOf = async (senderId: string) => {
    const chats = z.array(ChatSummary).parse(await api('/chats?state=all'))
    const chat = chats.filter((candidate) => candidate.clientId === senderId).at(-1)
    if (!chat) throw new Error(`no chat for ${senderId}`)
    return chat
  }
  /** The B2 events the service delivered to the bot for a chat, successfully. */
  const botEvents = async (chatId: string) =>
    Traffic.parse(await api(`/log?interface=B2&chatId=${encodeURIComponent(chatId)}`))
      .filter((entry) => entry.ok)
      .map((entry) => EventKind.parse(entry.request).event)
  const b1Events = async (chatId: string) =>
    Traffic.parse(await api(`/log?interface=B1&chatId=${encodeURIComponent(chatId)}`)).map(
      (entry) => ({
        ok: entry.ok,
        event: EventKind.parse(entry.request).event,
      }),
    )
  const shownTo = (senderId: string) =>
    shown.filter((item) => item.recipient === senderId).map((item) => item.text)
  /** Waits for the sandbox's deliveries and bot calls, then for the bot's work. */
  const settle = async () => {
    for (let round = 0; round < 3; round++) {
      await sandbox.service.settled()
      await bot.settled()
    }
  }
  const waitForShown = (senderId: string, count: number) =>
    eventually(async () => {
      await settle()
      return shownTo(senderId).length >= count
    })

  return {
    api,
    bot,
    agent,
    channel,
    store,
    logger,
    customerSays,
    chatOf,
    botEvents,
    b1Events,
    shownTo,
    settle,
    waitForShown,
    async close() {
      await bot.close()
      await backend.close()
      await sandbox.close()
      await a3.close()
      await store.close()
    },
  }
}
