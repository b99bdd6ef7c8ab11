import { describe, expect, it } from 'vitest'
import { resolveTimings } from '../../../../demo/sandbox/options'
import type { SandboxEvent } from '../../../../demo/sandbox/service/events'
import { createSandboxService } from '../../../../demo/sandbox/service/service'
import type { Logger } from '../../../../server/logging/logger'

const silent: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silent,
}

function service() {
  return createSandboxService({
    timings: resolveTimings({}),
    fetch: () => Promise.reject(new Error('no network in this test')),
    publicUrl: 'http://first.test',
    trafficLimit: 100,
    logger: silent,
  })
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
})
