import { describe, expect, it, vi } from 'vitest'
import { MediaPart } from '../../../server/channel/outbox-item'
import { createMemoryStore } from '../../../server/store/memory-store'
import { CustomerMessage, type FileMediaMessage } from '../../../shared/protocol/chat-channel'
import {
  CLAIM_TTL_MS,
  crashableStore,
  SWEEP_MS,
  storedItem,
  useOutboxInstances,
} from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'

// An attachment travels the outbox like a text: stored first, retried through an
// outage, never lost; a refusal of media (4xx) sends its text fallback instead, once.

const instance = useOutboxInstances()

let counter = 0
function mediaRequest(visitorId: string) {
  counter += 1
  const message: FileMediaMessage = {
    type: 'document',
    file: `https://porthole.test/files/${'a'.repeat(48)}/price-list.pdf`,
    file_name: 'price-list.pdf',
    file_size: 1_258_291,
  }
  return {
    visitorId,
    clientId: `media-${counter}`,
    sender: { id: visitorId },
    media: { message, fallback: `📎 price-list.pdf (1.2 MB): ${message.file}` },
  }
}

function typesOf(bodies: unknown[]): string[] {
  return bodies.map((body) => CustomerMessage.parse(body).message.type)
}

describe('outbox: attachments', () => {
  it('logs the attachment as the entry and sends it after a 60 s outage, as media', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const { outbox } = instance(store, service.fetch)
    const message = mediaRequest('v1')
    const answer = await outbox.submit(message)
    expect(answer.state).toBe('pending')
    expect(answer.entries[0]?.content).toEqual({ ...message.media.message, id: message.clientId })
    await vi.advanceTimersByTimeAsync(60_000)
    service.setMessageDefault({ status: 200 })
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('sent')
    const types = typesOf(service.messages())
    expect(types.every((type) => type === 'document')).toBe(true)
    expect(types.length).toBeGreaterThan(2)
    expect(await store.readAfter('v1', undefined, 10)).toHaveLength(1)
  })

  it('a refusal of media (4xx) sends the fallback text at once and is recorded', async () => {
    const store = createMemoryStore()
    const service = createFakeService()
    service.queueMessageReplies({ status: 400, body: 'message type is not supported' })
    const { outbox, logs } = instance(store, service.fetch)
    const message = mediaRequest('v1')
    expect((await outbox.submit(message)).state).toBe('sent')
    expect(typesOf(service.messages())).toEqual(['document', 'text'])
    const item = await storedItem(store, 'v1', message.clientId)
    expect(MediaPart.parse(item.parts[0]).asText).toBe(true)
    expect(item.attempts).toBe(0)
    expect(logs.some((line) => line.includes('refused an attachment'))).toBe(true)
  })

  it('a text fallback refused too is final: rejected, not sent again', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 400, body: 'no' } })
    const { outbox } = instance(store, service.fetch)
    const message = mediaRequest('v1')
    expect((await outbox.submit(message)).state).toBe('rejected')
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(typesOf(service.messages())).toEqual(['document', 'text'])
  })

  it('after a crash between the refusal and the text, the next holder sends only the text', async () => {
    const shared = createMemoryStore()
    const service = createFakeService()
    const a = crashableStore(shared)
    let calls = 0
    const refuseThenCrash: typeof fetch = async () => {
      calls += 1
      if (calls === 1) return new Response('message type is not supported', { status: 400 })
      a.crash()
      return new Promise<Response>(() => {})
    }
    const first = instance(a.store, refuseThenCrash)
    const message = mediaRequest('v1')
    void first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(0)
    expect(
      MediaPart.parse((await storedItem(shared, 'v1', message.clientId)).parts[0]).asText,
    ).toBe(true)
    const second = instance(shared, service.fetch)
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS + SWEEP_MS)
    expect(typesOf(service.messages())).toEqual(['text'])
    expect((await storedItem(shared, 'v1', message.clientId)).state).toBe('sent')
  })
})
