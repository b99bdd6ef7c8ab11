import { expect, it, vi } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { createAgentMessage } from '../../support/protocol-factories'
import { REAL_WORK } from '../../support/timeouts'
import type { BackendProcess } from '../support/backend-process'
import {
  deliverAgentText,
  newVisitor,
  openVisitorStream,
  streamTexts,
  useInstancePair,
} from '../support/instance-pair'

// Two backend processes on one Redis, as behind a load balancer: the service's webhook
// reaches one, the visitor streams from the other, then reconnects to the first.

const SLOW = { timeout: 30_000, interval: 50 }

describeRedis('two backend instances on one Redis', () => {
  const cluster = useInstancePair()

  const deliver = (on: BackendProcess, visitorId: string, id: string, text: string) =>
    deliverAgentText(on, cluster.webhookSecret, { visitorId, id, text })
  const stream = openVisitorStream
  const texts = streamTexts

  it('delivers every agent message exactly once and in order across instances and a reconnect', async () => {
    const { a, b } = cluster
    const { visitorId, token } = await newVisitor(a)
    const sent: string[] = []
    const send = async (on: BackendProcess, n: number) => {
      const text = `message ${n}`
      sent.push(text)
      await deliver(on, visitorId, `agent-msg-${visitorId}-${n}`, text)
    }

    // Streams from B; webhooks reach A (and, for some, B too).
    const first = await stream(b, token)
    for (let n = 1; n <= 10; n++) await send(n % 3 === 0 ? b : a, n)
    // The service retries a message whose ack it lost, and the retry lands on the other instance.
    await deliver(b, visitorId, `agent-msg-${visitorId}-1`, 'message 1')
    await deliver(a, visitorId, `agent-msg-${visitorId}-6`, 'message 6')
    await vi.waitFor(() => expect(texts(first)).toEqual(sent), SLOW)

    // The visitor drops off; messages keep coming meanwhile, to both instances.
    const lastSeen = first.events.filter((event) => event.id !== undefined).at(-1)?.id
    first.close()
    await vi.waitFor(() => expect(first.ended).toBe(true), REAL_WORK)
    for (let n = 11; n <= 20; n++) await send(n % 2 ? a : b, n)

    // ...and reconnects to A with the last id it saw: the rest, once each, in order.
    const second = await stream(a, token, lastSeen ?? '')
    for (let n = 21; n <= 25; n++) await send(n % 2 ? b : a, n)
    await vi.waitFor(() => expect(texts(second)).toEqual(sent.slice(10)), SLOW)
    expect([...texts(first), ...texts(second)]).toEqual(sent)
    second.close()
  }, 60_000)

  it('echoes a visitor’s own message to its tab on the other instance', async () => {
    const { a, b } = cluster
    const { token } = await newVisitor(b)
    const tab = await stream(b, token)
    const response = await fetch(`${a.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: 'client-msg-0001', type: 'text', text: 'Hi from the other tab' }),
    })
    expect(response.status).toBe(200)
    await vi.waitFor(() => expect(texts(tab)).toEqual(['Hi from the other tab']), SLOW)
    tab.close()
  })

  it('pushes agent typing from one instance to the stream on the other', async () => {
    const { a, b } = cluster
    const { visitorId, token } = await newVisitor(a)
    const typingStream = await stream(b, token)
    // Typing is published, not stored: the stream must be live on B before it is sent.
    await vi.waitFor(async () => {
      const body = createAgentMessage({ recipient: { id: visitorId }, message: { type: 'typein' } })
      await fetch(`${a.url}/hooks/${cluster.webhookSecret}/fake-channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(typingStream.events.some((event) => event.event === 'typing')).toBe(true)
    }, SLOW)
    const typing = typingStream.events.find((event) => event.event === 'typing')
    expect(JSON.parse(typing?.data ?? '{}')).toMatchObject({ typing: true })
    typingStream.close()
  })
})
