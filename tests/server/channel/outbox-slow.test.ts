import { describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createTestConfig } from '../../support/test-config'
import {
  countById,
  receivedIds,
  recordDeliveries,
  storedItem,
  useTextOutbox,
} from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'

const { instance, request } = useTextOutbox('slow', ['Hello?'])

// A service that takes 30 s per request but processes every one it receives.
describe('outbox: a slow service gets each message once', () => {
  it('waits for a 30 s answer at the default A2 timeout instead of resending', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 200, delayMs: 30_000 } })
    // As the runtime builds it: the client's default timeout is A1's; A2 passes its own.
    const { outbox } = instance(store, service.fetch, {
      upstreamTimeoutMs: createTestConfig().a2TimeoutMs,
    })
    const messages = [request('v1'), request('v2', ['a'.repeat(1000), 'b'.repeat(500)])]
    const deliveries = recordDeliveries(store, 'v1')
    const submitted = messages.map((message) => outbox.submit(message))
    // The visitor is not kept waiting for the slow answer: pending after 10 s.
    await vi.advanceTimersByTimeAsync(10_000)
    expect((await Promise.all(submitted)).map((result) => result.state)).toEqual([
      'pending',
      'pending',
    ])
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    const counts = countById(receivedIds(service))
    expect([...counts.values()]).toEqual([1, 1, 1])
    for (const message of messages)
      expect((await storedItem(store, message.visitorId, message.clientId)).state).toBe('sent')
    expect(deliveries.states(messages[0]?.clientId)).toEqual(['pending', 'sent'])
  })
})

describe('outbox: no second attempt while one is in flight', () => {
  it('another instance’s sweep leaves a message alone while a slow store delayed its request', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 200, delayMs: 9000 } })
    // Instance A writes its log slowly (12 s): its request goes out late, and must still
    // be covered by its claim (10 s timeout + 5 s margin) until it is answered.
    const slowLog: Store = {
      ...store,
      kind: store.kind,
      append: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 12_000))
        return store.append(...args)
      },
    }
    const a = instance(slowLog, service.fetch)
    const b = instance(store, service.fetch)
    await b.outbox.resume()
    const message = request('v3')
    const submitted = a.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(60_000)
    expect((await submitted).state).toBe('pending')
    expect((await storedItem(store, 'v3', message.clientId)).state).toBe('sent')
    expect(countById(receivedIds(service)).get(message.clientId)).toBe(1)
  })

  it('a 40 s request keeps its short claim: another instance sweeping every 5 s never resends it', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 200, delayMs: 40_000 } })
    const options = { upstreamTimeoutMs: createTestConfig().a2TimeoutMs }
    const a = instance(store, service.fetch, options)
    const b = instance(store, service.fetch, options)
    await b.outbox.resume()
    const message = request('v4')
    const submitted = a.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect((await submitted).state).toBe('pending')
    expect((await storedItem(store, 'v4', message.clientId)).state).toBe('sent')
    expect(countById(receivedIds(service)).get(message.clientId)).toBe(1)
  })

  it('"Send now", the sweep and the recovery after an outage leave a message in flight alone', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 200, delayMs: 30_000 } })
    const { outbox } = instance(store, service.fetch, {
      upstreamTimeoutMs: createTestConfig().a2TimeoutMs,
    })
    const message = request('v5')
    const first = outbox.submit(message)
    await vi.advanceTimersByTimeAsync(12_000)
    expect((await first).state).toBe('pending')
    // The visitor presses "Send now" while the request is out.
    const again = outbox.submit(message)
    await vi.advanceTimersByTimeAsync(2000)
    expect((await again).state).toBe('pending')
    // A sweep pass finds nothing to take.
    expect(await outbox.sweep()).toBe(0)
    // Another message accepted at once (a recovery after failures would resend the waiting ones).
    service.queueMessageReplies({ status: 503 }, { status: 200 })
    await outbox.submit(request('v6'))
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(countById(receivedIds(service)).get(message.clientId)).toBe(1)
    expect((await storedItem(store, 'v5', message.clientId)).state).toBe('sent')
  })
})
