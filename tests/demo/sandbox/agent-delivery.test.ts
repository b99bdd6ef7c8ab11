import { afterEach, describe, expect, it, vi } from 'vitest'
import { SPEC_TIMINGS } from '../../../demo/sandbox/index'
import {
  closedPort,
  createSandboxWithChannel,
  type createTestSandbox,
  customerMessage,
  startRawReceiver,
  useReceivers,
} from '../support/test-sandbox'

const { receiver, whenDone } = useReceivers()
afterEach(() => {
  vi.useRealTimers()
})

async function chatWith(webhookUrl: string, options: Parameters<typeof createTestSandbox>[0] = {}) {
  const sandbox = createSandboxWithChannel(options, { webhookUrl })
  await sandbox.send(customerMessage({ sender: { id: 1233 } }))
  const chat = sandbox.service.chats.list()[0]
  if (!chat) throw new Error('no chat was opened')
  return { ...sandbox, chat }
}

/** Waits for real I/O without moving the fake clock (vi.waitFor would advance it). */
async function untilReal(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !condition(); turn += 1) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(condition()).toBe(true)
}

describe('A3 agent messages', () => {
  it('posts JSON per 2.2 to {webhook_url}/{CHANNEL_PUBLIC_ID} and marks it delivered', async () => {
    const hook = await receiver()
    const { service, channel, chat } = await chatWith(`${hook.url}/hooks/secret/`)
    const { entry, delivery } = service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'Hi, I am Anna' },
    })
    expect((await delivery).status).toBe('delivered')
    expect(hook.received).toHaveLength(1)
    expect(hook.received[0]?.url).toBe(`/hooks/secret/${channel.id}`)
    expect(hook.received[0]?.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(hook.received[0]?.json).toEqual({
      sender: { name: 'Anna' },
      recipient: { id: 1233 },
      message: { type: 'text', text: 'Hi, I am Anna', id: entry?.id },
    })
  })

  it('sends the agent photo and delivers every media type with its fields', async () => {
    const hook = await receiver()
    const { service, chat } = await chatWith(`${hook.url}/hooks/s`)
    service.updateAgent('anna', { photo: 'https://cdn.example/anna.png' })
    const file = {
      file: 'https://cdn.example/f.mp4',
      file_name: 'f.mp4',
      file_size: 1024,
      thumb: 'https://cdn.example/t.jpg',
    }
    const messages = [
      { type: 'video' as const, ...file, duration: 12, width: 640, height: 360 },
      { type: 'audio' as const, ...file, performer: 'Band', title: 'Song', duration: 200 },
      { type: 'voice' as const, ...file, duration: 3 },
      { type: 'photo' as const, ...file, width: 320, height: 240, text: 'caption' },
      { type: 'sticker' as const, ...file, emoji: '👍' },
      { type: 'document' as const, ...file, file_name: 'invoice.pdf' },
      { type: 'location' as const, latitude: 52.52, longitude: 13.405, text: 'Our shop' },
    ]
    for (const message of messages) {
      expect((await service.sendAgentMessage(chat.id, { message }).delivery).status).toBe(
        'delivered',
      )
    }
    const sent = hook.received.map(
      (request) => request.json as { message: unknown; sender: unknown },
    )
    expect(sent.map((body) => body.message)).toEqual(
      messages.map((message) => expect.objectContaining(message)),
    )
    expect(sent[0]?.sender).toEqual({ name: 'Anna', photo: 'https://cdn.example/anna.png' })
  })

  it('delivers typein/typeout without adding them to the thread', async () => {
    const hook = await receiver()
    const { service, chat } = await chatWith(`${hook.url}/h`)
    const before = service.chats.get(chat.id).entries.length
    const { entry, delivery } = service.sendAgentMessage(chat.id, { message: { type: 'typein' } })
    expect(entry).toBeUndefined()
    expect((await delivery).status).toBe('delivered')
    expect(hook.received[0]?.json).toMatchObject({
      recipient: { id: 1233 },
      message: { type: 'typein' },
    })
    expect(service.chats.get(chat.id).entries).toHaveLength(before)
  })

  it('retries against a failing receiver and stops at the first {"result":"ok"}', async () => {
    const hook = await receiver((_, index) => (index < 2 ? { status: 503, body: 'busy' } : {}))
    const { service, chat } = await chatWith(`${hook.url}/h`)
    const { delivery } = service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'hello' },
    })
    const outcome = await delivery
    expect(outcome.status).toBe('delivered')
    expect(
      outcome.attempts.map((attempt) => [attempt.attempt, attempt.ok, attempt.status]),
    ).toEqual([
      [1, false, 503],
      [2, false, 503],
      [3, true, 200],
    ])
    expect(hook.received).toHaveLength(3)
  })

  it('retries an {"error":...} reply, then shows the integrator\'s message to the agent', async () => {
    const hook = await receiver(() => ({
      body: '{"error":{"code":7,"message":"Visitor is gone"}}',
    }))
    const { service, chat } = await chatWith(`${hook.url}/h`)
    const { entry, delivery } = service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'hello?' },
    })
    const outcome = await delivery
    expect(hook.received).toHaveLength(3)
    expect(outcome.status).toBe('failed')
    expect(outcome.error).toBe(
      'delivery failed after 3 attempts: the integrator answered error 7: Visitor is gone',
    )
    const thread = service.chats.get(chat.id).entries
    expect(thread.find((candidate) => candidate.id === entry?.id)?.delivery?.status).toBe('failed')
    expect(thread.at(-1)).toMatchObject({
      author: 'system',
      level: 'error',
      text: expect.stringContaining('Visitor is gone'),
    })
  })

  it('gives up on a slow receiver after the per-attempt timeout, 3 times', async () => {
    const hook = await receiver(() => ({ delayMs: 2000 }))
    const { service, chat } = await chatWith(`${hook.url}/h`, {
      timings: { deliveryTimeoutMs: 100 },
    })
    const outcome = await service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'slow' },
    }).delivery
    expect(outcome.status).toBe('failed')
    expect(outcome.error).toBe('delivery failed after 3 attempts: no answer within 100 ms')
    expect(hook.received).toHaveLength(3)
  })

  it('waits the spec 3 s between attempts by default (fake clock, real refused connections)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const port = await closedPort()
    const { service, chat } = await chatWith(`http://127.0.0.1:${port}/h`, {
      timings: SPEC_TIMINGS,
    })
    const { delivery } = service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'anyone?' },
    })
    const attempts = () => service.chats.get(chat.id).entries.at(-1)?.delivery?.attempts ?? []
    await untilReal(() => attempts().length === 1)
    await vi.advanceTimersByTimeAsync(2999)
    expect(attempts()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await untilReal(() => attempts().length === 2)
    await vi.advanceTimersByTimeAsync(3000)
    const outcome = await delivery
    const at = outcome.attempts.map((attempt) => attempt.at - (outcome.attempts[0]?.at ?? 0))
    expect(at).toEqual([0, 3000, 6000])
    expect(outcome.status).toBe('failed')
    expect(outcome.error).toMatch(/^delivery failed after 3 attempts: .*ECONNREFUSED/)
  })

  it('uses the webhook URL as changed during the retries', async () => {
    const hook = await receiver()
    const port = await closedPort()
    const { service, channel, chat } = await chatWith(`http://127.0.0.1:${port}/h`)
    const { delivery } = service.sendAgentMessage(chat.id, { message: { type: 'text', text: 'x' } })
    service.updateChannel(channel.id, { webhookUrl: `${hook.url}/fixed` })
    expect((await delivery).status).toBe('delivered')
    expect(hook.received[0]?.url).toBe(`/fixed/${channel.id}`)
  })

  it.each([
    [false, 'content-length'],
    [true, 'chunked'],
  ])('with chunked=%s frames the body as %s on the wire', async (chunked, framing) => {
    const raw = await startRawReceiver()
    whenDone(raw.close)
    const { service, chat } = await chatWith(`${raw.url}/h`)
    service.updateChannel(chat.channelId, { chunked })
    const text =
      'A reasonably long agent reply, so that it is split into several chunks on the wire.'
    expect(
      (await service.sendAgentMessage(chat.id, { message: { type: 'text', text } }).delivery)
        .status,
    ).toBe('delivered')
    const [request] = raw.requests
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ message: { text } })
    if (framing === 'chunked') {
      expect(request?.headers['transfer-encoding']).toBe('chunked')
      expect(request?.headers['content-length']).toBeUndefined()
      expect(request?.chunks).toBeGreaterThanOrEqual(2)
    } else {
      expect(request?.headers['content-length']).toBe(
        String(Buffer.byteLength(request?.body ?? '')),
      )
      expect(request?.headers['transfer-encoding']).toBeUndefined()
    }
  })

  it('logs every attempt as A3 traffic with the status received', async () => {
    const hook = await receiver((_, index) => (index === 0 ? { status: 500 } : {}))
    const { service, chat } = await chatWith(`${hook.url}/h`)
    await service.sendAgentMessage(chat.id, { message: { type: 'text', text: 'x' } }).delivery
    const log = service.traffic.query({ interface: 'A3' })
    expect(log.map((entry) => [entry.attempt, entry.status, entry.ok])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ])
    expect(log[1]?.response).toBe('{"result":"ok"}')
  })

  it('refuses a message into a closed chat', async () => {
    const { service, chat } = await chatWith('http://127.0.0.1:9/h')
    service.closeChat(chat.id)
    expect(() =>
      service.sendAgentMessage(chat.id, { message: { type: 'text', text: 'late' } }),
    ).toThrow(/is closed/)
  })
})
