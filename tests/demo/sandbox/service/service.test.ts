import { afterEach, describe, expect, it } from 'vitest'
import { resolveTimings } from '../../../../demo/sandbox/options'
import type { SandboxEvent } from '../../../../demo/sandbox/service/events'
import { createSandboxService } from '../../../../demo/sandbox/service/service'
import type { Logger } from '../../../../server/logging/logger'
import { startReceiver } from '../../support/test-sandbox'

const silent: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silent,
}

function service(fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no network'))) {
  return createSandboxService({
    timings: resolveTimings({ deliveryIntervalMs: 5, botRetries: 0 }),
    fetch,
    publicUrl: 'http://first.test',
    trafficLimit: 100,
    logger: silent,
  })
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

function say(sandbox: ReturnType<typeof service>, channelId: string, text: string): string {
  const channel = sandbox.registry.channel(channelId)
  const { chatId } = sandbox.receiveCustomerMessage(channel, {
    sender: { id: 'visitor-1' },
    message: { type: 'text', text },
  })
  if (!chatId) throw new Error('no chat was opened')
  return chatId
}

describe('createSandboxService', () => {
  it('keeps publicUrl live through the composed registry service and announces new endpoints', () => {
    const sandbox = service()
    const channel = sandbox.createChannel({ name: 'Site', webhookUrl: 'http://site.test/hook' })
    const seen: SandboxEvent[] = []
    sandbox.events.subscribe((event) => seen.push(event))
    sandbox.publicUrl = 'http://second.test/'
    expect(sandbox.publicUrl).toBe('http://second.test/')
    expect(sandbox.consoleState().publicUrl).toBe('http://second.test/')
    expect(sandbox.getChannel(channel.id).endpoint).toBe(
      `http://second.test/${channel.randomString}/${channel.id}`,
    )
    expect(seen.map((event) => event.type)).toEqual(['channels'])
  })

  it('works with its functions taken off the object (no `this`)', () => {
    const sandbox = service()
    const { createChannel, receiveCustomerMessage, channelAt, joinChat, closeChat, snapshot } =
      sandbox
    const created = createChannel({
      name: 'Site',
      webhookUrl: 'http://site.test/hook',
      agents: ['Ann'],
    })
    const channel = channelAt(created.randomString, created.id)
    if (!channel) throw new Error('the channel was not found at its endpoint')
    const { chatId } = receiveCustomerMessage(channel, {
      sender: { id: 'visitor-1' },
      message: { type: 'text', text: 'hello' },
    })
    if (!chatId) throw new Error('no chat was opened')
    expect(joinChat(chatId, { agentId: 'ann' }).state).toBe('active')
    expect(closeChat(chatId).state).toBe('closed')
    expect(snapshot().chats.map((chat) => chat.state)).toEqual(['closed'])
  })

  it('writes a delivery to the chat as it is when each attempt ends, keeping changes made meanwhile', async () => {
    const hook = await startReceiver(() => ({ delayMs: 150 }))
    cleanups.push(hook.close)
    const sandbox = service()
    const channel = sandbox.createChannel({
      name: 'Site',
      webhookUrl: `${hook.url}/hook`,
      agents: ['Ann'],
    })
    sandbox.setAgentOnline('ann', true)
    const chatId = say(sandbox, channel.id, 'first')
    const { entry, delivery } = sandbox.sendAgentMessage(chatId, {
      message: { type: 'text', text: 'answer' },
    })
    // While the webhook takes its time, the customer writes again and the agent closes.
    await new Promise((resolve) => setTimeout(resolve, 20))
    say(sandbox, channel.id, 'second')
    sandbox.closeChat(chatId)
    expect((await delivery).status).toBe('delivered')
    const chat = sandbox.chats.get(chatId)
    expect(chat.state).toBe('closed')
    expect(chat.entries.map((line) => line.message?.type === 'text' && line.message.text)).toEqual([
      'first',
      false,
      'answer',
      'second',
      false,
    ])
    expect(chat.entries.find((line) => line.id === entry?.id)?.delivery).toMatchObject({
      status: 'delivered',
      attempts: [{ attempt: 1, ok: true }],
    })
  })

  it('writes a failed bot call to the chat as it is after the call, keeping changes made meanwhile', async () => {
    let failCall: (error: Error) => void = () => {}
    const sandbox = service(
      () =>
        new Promise<Response>((_, reject) => {
          failCall = reject
        }),
    )
    sandbox.registerBotProvider({
      providerId: 'bot',
      endpointUrl: 'http://bot.test',
      token: 'token-1',
      name: 'Bot',
    })
    const channel = sandbox.createChannel({
      name: 'Site',
      webhookUrl: 'http://127.0.0.1:9/hook',
      agents: ['Ann'],
      botProviderId: 'bot',
    })
    const chatId = say(sandbox, channel.id, 'to the bot')
    await new Promise((resolve) => setTimeout(resolve, 5))
    // The bot's CLIENT_MESSAGE is under way: the customer writes again meanwhile.
    say(sandbox, channel.id, 'still there?')
    failCall(new Error('bot is down'))
    await sandbox.settled()
    const chat = sandbox.chats.get(chatId)
    expect(chat.bot).toBe('failed')
    expect(chat.state).toBe('queued')
    expect(chat.entries.filter((line) => line.author === 'customer')).toHaveLength(2)
    expect(chat.entries.at(-1)).toMatchObject({
      author: 'system',
      level: 'error',
      text: expect.stringContaining('transferred to agents'),
    })
  })
})
