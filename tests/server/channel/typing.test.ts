import { describe, expect, it } from 'vitest'
import type { ChannelClient, SendOutcome } from '../../../server/channel/channel-client'
import {
  agentTypingEvent,
  forwardVisitorTyping,
  publishAgentTyping,
} from '../../../server/channel/typing'
import { createLogger } from '../../../server/logging/logger'
import type { TransientEvent } from '../../../server/store/types'
import type { CustomerMessage } from '../../../shared/protocol/chat-channel'

function capturingLogger() {
  const lines: { level: string; msg: string }[] = []
  const log = createLogger({ write: (line) => lines.push(JSON.parse(line)) })
  return { log, lines }
}

function clientAnswering(outcome: SendOutcome) {
  const sent: CustomerMessage[] = []
  const client: Pick<ChannelClient, 'send'> = {
    send: async (message) => {
      sent.push(message)
      return outcome
    },
  }
  return { client, sent }
}

describe('forwardVisitorTyping (visitor -> service, A2)', () => {
  it('sends only the sender id and the typing type', async () => {
    const { client, sent } = clientAnswering({ kind: 'accepted' })
    const { log, lines } = capturingLogger()
    await forwardVisitorTyping({ client, visitorId: 'v-1', type: 'typein', log })
    await forwardVisitorTyping({ client, visitorId: 'v-1', type: 'typeout', log })
    expect(sent).toEqual([
      { sender: { id: 'v-1' }, message: { type: 'typein' } },
      { sender: { id: 'v-1' }, message: { type: 'typeout' } },
    ])
    expect(lines).toEqual([])
  })

  it.each<SendOutcome>([
    { kind: 'failed', reason: 'no answer within 5000 ms' },
    { kind: 'rejected', status: 400, message: 'bad' },
  ])(
    'logs a warning and does not throw when the service does not take it ($kind)',
    async (outcome) => {
      const { client } = clientAnswering(outcome)
      const { log, lines } = capturingLogger()
      await expect(
        forwardVisitorTyping({ client, visitorId: 'v-1', type: 'typein', log }),
      ).resolves.toEqual(outcome)
      expect(lines).toMatchObject([
        { level: 'warn', msg: 'typing notification not delivered', outcome: outcome.kind },
      ])
    },
  )
})

describe('publishAgentTyping (service -> visitor, A3)', () => {
  it('publishes typein as typing:true with the agent name, typeout as false without one', async () => {
    const published: [string, TransientEvent][] = []
    const store = {
      publish: async (visitorId: string, event: TransientEvent) => {
        published.push([visitorId, event])
      },
    }
    const { log } = capturingLogger()
    await publishAgentTyping({
      store,
      visitorId: 'v-1',
      message: { type: 'typein' },
      agentName: 'Ann',
      log,
    })
    await publishAgentTyping({ store, visitorId: 'v-1', message: { type: 'typeout' }, log })
    expect(published).toEqual([
      ['v-1', { event: 'typing', data: { typing: true, name: 'Ann' } }],
      ['v-1', { event: 'typing', data: { typing: false } }],
    ])
  })

  it('an empty agent name is left out', () => {
    expect(agentTypingEvent({ type: 'typein' }, '')).toEqual({
      event: 'typing',
      data: { typing: true },
    })
  })

  it('a store that cannot publish is logged, not raised: typing is never worth a retry', async () => {
    const store = {
      publish: async () => {
        throw new Error('redis down')
      },
    }
    const { log, lines } = capturingLogger()
    await expect(
      publishAgentTyping({ store, visitorId: 'v-1', message: { type: 'typein' }, log }),
    ).resolves.toBeUndefined()
    expect(lines).toMatchObject([{ level: 'warn', msg: 'typing notification not published' }])
  })
})
