import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { outboxItemKey as outboxKey, outboxLockKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import { CustomerMessage } from '../../../shared/protocol/chat-channel'
import {
  CLAIM_TTL_MS,
  countById,
  crashableStore,
  HOUR,
  receivedIds,
  recordDeliveries,
  SWEEP_MS,
  storedItem,
  useTextOutbox,
} from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'

const { instance, request } = useTextOutbox('message', ['Hello, is anyone there?'])

describe('outbox: a service outage loses nothing', () => {
  it.each([
    ['refuses connections', 'connection-error' as const],
    ['answers 503', { status: 503 } as const],
  ])(
    'delivers 200 messages of 50 visitors after a 60 s outage in which the service %s',
    async (_, reply) => {
      const store = createMemoryStore()
      const service = createFakeService({ message: reply })
      const { outbox, logs } = instance(store, service.fetch)
      const visitors = Array.from({ length: 50 }, (_, i) => `visitor-${i}`)
      const streams = new Map(visitors.map((v) => [v, recordDeliveries(store, v)]))
      const sentIds: string[] = []
      for (let i = 0; i < 200; i++) {
        const message = request(visitors[i % 50] ?? '')
        const result = await outbox.submit(message)
        expect(result.state).toBe('pending')
        expect(result.entries).toHaveLength(1)
        sentIds.push(message.clientId)
        await vi.advanceTimersByTimeAsync(250)
      }
      // 50 s of outage so far; 10 more, then the service is back.
      await vi.advanceTimersByTimeAsync(10_000)
      expect(receivedIds(service).length).toBeGreaterThan(200)
      service.setMessageDefault({ status: 200 })
      const failedBefore = receivedIds(service).length
      // The longest backoff step reached by then is 40 s (5, 10, 20, 40 s after 3 × 3 s).
      await vi.advanceTimersByTimeAsync(80_000)
      const accepted = receivedIds(service).slice(failedBefore)
      // Every message reached the service once after the outage: 0 lost, 0 duplicated.
      expect(accepted.sort()).toEqual([...sentIds].sort())
      for (const visitorId of visitors) {
        const { states } = streams.get(visitorId) ?? recordDeliveries(store, visitorId)
        const mine = sentIds.filter((_, i) => i % 50 === visitors.indexOf(visitorId))
        // Pending on its way, pending with the reason it is failing, delayed, sent.
        for (const clientId of mine)
          expect(states(clientId)).toEqual(['pending', 'pending', 'delayed', 'sent'])
      }
      for (const clientId of sentIds.slice(0, 3)) {
        const visitorId = visitors[sentIds.indexOf(clientId) % 50] ?? ''
        expect((await storedItem(store, visitorId, clientId)).state).toBe('sent')
      }
      expect(logs.some((l) => l.includes('"level":"warn"') && l.includes('delayed'))).toBe(true)
    },
  )

  it('sends every waiting message as soon as the service accepts one again, not at its own backoff step', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const { outbox } = instance(store, service.fetch)
    const waiting = Array.from({ length: 30 }, (_, i) => request(`visitor-${i}`))
    for (const message of waiting) await outbox.submit(message)
    // Half an hour down: every message is on the 5-minute backoff step by now.
    await vi.advanceTimersByTimeAsync(30 * 60_000)
    service.setMessageDefault({ status: 200 })
    const before = receivedIds(service).length
    // A new message goes through at once; the 30 waiting ones follow within a second.
    const fresh = request('visitor-new')
    expect((await outbox.submit(fresh)).state).toBe('sent')
    await vi.advanceTimersByTimeAsync(1000)
    const after = receivedIds(service).slice(before)
    expect(after.sort()).toEqual([...waiting.map((m) => m.clientId), fresh.clientId].sort())
    for (const message of waiting)
      expect((await storedItem(store, message.visitorId, message.clientId)).state).toBe('sent')
  })

  it('fails a message after 24 hours of outage, tells the visitor and logs an error', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const { outbox, logs } = instance(store, service.fetch)
    const { states, events } = recordDeliveries(store, 'v1')
    const message = request('v1')
    await outbox.submit(message)
    await vi.advanceTimersByTimeAsync(23 * HOUR)
    expect(states()).toEqual(['pending', 'pending', 'delayed'])
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('delayed')
    await vi.advanceTimersByTimeAsync(2 * HOUR)
    expect(states()).toEqual(['pending', 'pending', 'delayed', 'failed'])
    expect(events.at(-1)).toEqual({
      event: 'delivery',
      data: {
        clientId: message.clientId,
        state: 'failed',
        error: expect.stringMatching(/within 24 hours .*connection failed.*Send it again/),
      },
    })
    const attempts = service.messages().length
    // 4 fast attempts, then backoff capped at 5 minutes: about 290 in the day, none after.
    expect(attempts).toBeGreaterThan(280)
    expect(attempts).toBeLessThan(300)
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(service.messages()).toHaveLength(attempts)
    expect(logs.filter((l) => l.includes('"level":"error"') && l.includes('gave up'))).toHaveLength(
      1,
    )
  })

  it('answers a repeat of a delayed message by sending it at once ("Send now")', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 502 } })
    const { outbox } = instance(store, service.fetch)
    const message = request('v1')
    await outbox.submit(message)
    await vi.advanceTimersByTimeAsync(9000)
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('delayed')
    // Still down: the repeat is attempted now and answered with the state.
    const again = await outbox.submit(message)
    expect(again.state).toBe('delayed')
    expect(again.entries).toHaveLength(1)
    expect(service.messages()).toHaveLength(5)
    service.setMessageDefault({ status: 200 })
    const now = await outbox.submit(message)
    expect(now.state).toBe('sent')
    expect(service.messages()).toHaveLength(6)
    // The entries are the first ones: nothing duplicated in the log.
    expect(now.entries.map((e) => e.id)).toEqual(again.entries.map((e) => e.id))
    expect(await store.readAfter('v1', undefined, 10)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(service.messages()).toHaveLength(6)
  })

  it('restarts a failed message on a repeat, with a new 24-hour round', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const { outbox } = instance(store, service.fetch, { giveUpMs: HOUR })
    const { states } = recordDeliveries(store, 'v1')
    const message = request('v1')
    await outbox.submit(message)
    await vi.advanceTimersByTimeAsync(2 * HOUR)
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('failed')
    const again = await outbox.submit(message)
    expect(again.state).toBe('pending')
    service.setMessageDefault({ status: 200 })
    await vi.advanceTimersByTimeAsync(3000)
    expect(states()).toEqual(['pending', 'pending', 'delayed', 'failed', 'pending', 'sent'])
    expect(await store.readAfter('v1', undefined, 10)).toHaveLength(1)
  })

  it('never resends a message the service refused (4xx)', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 400, body: 'sender.id is empty' } })
    const { outbox } = instance(store, service.fetch)
    const { states } = recordDeliveries(store, 'v1')
    const message = request('v1')
    expect(await outbox.submit(message)).toMatchObject({
      state: 'rejected',
      error: 'sender.id is empty',
    })
    expect((await outbox.submit(message)).state).toBe('rejected')
    await outbox.resume()
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(service.messages()).toHaveLength(1)
    // Pending while it was on its way (the other devices showed its entry), then failed.
    expect(states()).toEqual(['pending', 'failed'])
  })
})

describe('outbox: restarts and crashes', () => {
  it('resumes delayed messages after a restart (a new outbox over the same store)', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const first = instance(store, service.fetch)
    const { states } = recordDeliveries(store, 'v1')
    const messages = Array.from({ length: 20 }, () => request('v1'))
    for (const message of messages) await first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(10_000)
    await first.outbox.stop()
    const attemptsBefore = service.messages().length
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(service.messages()).toHaveLength(attemptsBefore)
    service.setMessageDefault({ status: 200 })
    const second = instance(store, service.fetch)
    expect(await second.outbox.resume()).toBe(20)
    await vi.advanceTimersByTimeAsync(0)
    const accepted = receivedIds(service).slice(attemptsBefore)
    expect(accepted.sort()).toEqual(messages.map((m) => m.clientId).sort())
    for (const message of messages)
      expect(states(message.clientId)).toEqual(['pending', 'pending', 'delayed', 'sent'])
    expect(second.logs.some((l) => l.includes('resumed customer messages'))).toBe(true)
  })

  it('keeps delayed messages in a sqlite file across a restart of the process', async () => {
    // sqlite commits from setImmediate (group commit): leave that one real.
    vi.useRealTimers()
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    const dir = mkdtempSync(join(tmpdir(), 'porthole-outbox-'))
    const path = join(dir, 'porthole.db')
    try {
      const service = createFakeService({ message: { status: 503 } })
      const before = openSqliteStore(path)
      const first = instance(before, service.fetch)
      const messages = Array.from({ length: 5 }, () => request('v1', ['part one ', 'part two']))
      for (const message of messages) await first.outbox.submit(message)
      await vi.advanceTimersByTimeAsync(20_000)
      await first.outbox.stop()
      await before.close()
      service.setMessageDefault({ status: 200 })
      const after = openSqliteStore(path)
      const second = instance(after, service.fetch)
      expect(await second.outbox.resume()).toBe(5)
      // Each is sent when its backoff step ends (24 s after it came), not before.
      await vi.advanceTimersByTimeAsync(3000)
      expect((await storedItem(after, 'v1', messages[0]?.clientId ?? '')).state).toBe('delayed')
      await vi.advanceTimersByTimeAsync(2000)
      for (const message of messages) {
        expect((await storedItem(after, 'v1', message.clientId)).state).toBe('sent')
      }
      expect(service.messages().map(textOf).slice(-10)).toEqual(
        messages.flatMap(() => ['part one ', 'part two']),
      )
      // The entries were written once, before the first attempt.
      expect(await after.readAfter('v1', undefined, 100)).toHaveLength(10)
      await second.outbox.stop()
      await after.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('sends a message whose first attempt was interrupted before the request (once)', async () => {
    const shared = createMemoryStore()
    const service = createFakeService()
    const a = crashableStore(shared)
    const crashingFetch: typeof fetch = () => {
      a.crash()
      return new Promise<Response>(() => {})
    }
    const first = instance(a.store, crashingFetch)
    const message = request('v1')
    void first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(0)
    expect((await storedItem(shared, 'v1', message.clientId)).inFlight).toMatchObject({ part: 0 })
    const crashedAt = Date.now()
    const second = instance(shared, service.fetch)
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS + SWEEP_MS)
    expect(receivedIds(service)).toEqual([message.clientId])
    const after = await storedItem(shared, 'v1', message.clientId)
    expect(after.state).toBe('sent')
    expect(after.inFlight).toBeUndefined()
    expect(Date.now() - crashedAt).toBeLessThanOrEqual(CLAIM_TTL_MS + SWEEP_MS)
    expect(second.logs.some((l) => l.includes('may receive it twice'))).toBe(true)
  })

  it('does not answer for a message whose claim a dead holder left before storing it: busy, then taken once the claim lapses', async () => {
    // The holder claimed the message, then died (kill -9, or the store went away) before
    // storing it. Answering "pending" here promised a message nobody held: it was lost.
    const store = createMemoryStore()
    const service = createFakeService()
    const { outbox } = instance(store, service.fetch)
    const message = request('v-busy')
    const itemKey = outboxKey(message.visitorId, message.clientId)
    expect(await store.claim(outboxLockKey(itemKey), CLAIM_TTL_MS)).toBe(true)
    const answer = outbox.submit(message)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await answer).toEqual({ state: 'busy', entries: [] })
    expect(await store.getRecord(itemKey, z.unknown())).toBeUndefined()
    // The client sends it again after the claim lapsed: stored, sent, once.
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS + 1)
    const again = await outbox.submit(message)
    expect(again.state).toBe('sent')
    expect(receivedIds(service)).toEqual([message.clientId])
  })

  it('sends twice at most when the crash came after the service accepted, before the save', async () => {
    const shared = createMemoryStore()
    const service = createFakeService()
    const a = crashableStore(shared)
    const crashAfterAnswer: typeof fetch = async (input, init) => {
      const response = await service.fetch(input, init)
      a.crash()
      return response
    }
    const first = instance(a.store, crashAfterAnswer)
    const message = request('v1')
    void first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(0)
    expect(receivedIds(service)).toEqual([message.clientId])
    const second = instance(shared, service.fetch)
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS + SWEEP_MS)
    // At-least-once: the service has no idempotency key, so the lost answer costs one duplicate.
    expect(receivedIds(service)).toEqual([message.clientId, message.clientId])
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(receivedIds(service)).toHaveLength(2)
  })

  it('lets a live instance take over a crashed one’s in-flight messages soon after the claim ttl', async () => {
    const shared = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const a = crashableStore(shared)
    let calls = 0
    const reached: string[] = []
    // A's requests after the outage: the first 2 reach the service, then A dies mid-request.
    const fetchA: typeof fetch = async (input, init) => {
      if (calls < 0) return service.fetch(input, init)
      calls += 1
      if (calls <= 2) {
        await service.fetch(input, init)
        reached.push(JSON.parse(String(init?.body)).message.id)
        if (calls === 2) a.crash()
      } else a.crash()
      return new Promise<Response>(() => {})
    }
    calls = -1
    const first = instance(a.store, fetchA)
    const messages = Array.from({ length: 12 }, (_, i) => request(`visitor-${i % 4}`))
    for (const message of messages) await first.outbox.submit(message)
    // Live instance B over the same store, running its sweep.
    const second = instance(shared, service.fetch)
    await second.outbox.resume()
    service.setMessageDefault({ status: 200 })
    calls = 0
    // A's fast retries fire first (B's sweep leaves items alone that are not due yet).
    const crashAt = Date.now() + 3000
    await vi.advanceTimersByTimeAsync(3000)
    expect(reached).toHaveLength(2)
    const counts = () => countById(receivedIds(service).slice(12))
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS + SWEEP_MS)
    const final = counts()
    expect([...final.keys()].sort()).toEqual(messages.map((m) => m.clientId).sort())
    for (const message of messages) {
      // Duplicates only for the requests whose answer the crash lost.
      expect(final.get(message.clientId)).toBe(reached.includes(message.clientId) ? 2 : 1)
    }
    expect(Date.now() - crashAt).toBeLessThanOrEqual(CLAIM_TTL_MS + SWEEP_MS)
    for (const message of messages)
      expect((await storedItem(shared, message.visitorId, message.clientId)).state).toBe('sent')
  })

  it('finds a crashed instance’s message with the sweep alone (the live one started before it came)', async () => {
    const shared = createMemoryStore()
    const service = createFakeService()
    const live = instance(shared, service.fetch)
    await live.outbox.resume()
    const a = crashableStore(shared)
    const dying: typeof fetch = () => {
      a.crash()
      return new Promise<Response>(() => {})
    }
    const crashed = instance(a.store, dying)
    const message = request('v1')
    void crashed.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(CLAIM_TTL_MS - 1)
    expect(receivedIds(service)).toEqual([])
    await vi.advanceTimersByTimeAsync(SWEEP_MS + 1)
    expect(receivedIds(service)).toEqual([message.clientId])
    expect((await storedItem(shared, 'v1', message.clientId)).state).toBe('sent')
  })

  it('keeps the claim through a long multi-part send, so no other instance resends a part', async () => {
    const store = createMemoryStore()
    const service = createFakeService()
    // Each part takes 8 s: 3 parts outlast the 15 s claim, which is renewed per part.
    const slow: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 8000))
      return service.fetch(input, init)
    }
    const first = instance(store, slow)
    const second = instance(store, service.fetch)
    await second.outbox.resume()
    const message = request('v1', ['part one ', 'part two ', 'part three'])
    const result = first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(30_000)
    // Answered "pending" after 10 s (a slow service); the parts went on under the claim.
    expect((await result).state).toBe('pending')
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('sent')
    const texts = service.messages().map(textOf)
    expect(texts).toEqual(['part one ', 'part two ', 'part three'])
  })

  it('finishes the request in flight on a graceful stop, so the next instance sends nothing again', async () => {
    const store = createMemoryStore()
    const service = createFakeService()
    const slow: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      return service.fetch(input, init)
    }
    const first = instance(store, slow)
    const message = request('v1', ['one ', 'two'])
    const submitted = first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(500)
    const stopped = first.outbox.stop()
    await vi.advanceTimersByTimeAsync(2000)
    await stopped
    // The part in flight got its answer and was saved; the second part is left for the next instance.
    expect((await submitted).state).toBe('pending')
    expect(service.messages()).toHaveLength(1)
    const second = instance(store, service.fetch)
    expect(await second.outbox.resume()).toBe(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(service.messages().map(textOf)).toEqual(['one ', 'two'])
  })
})

describe('outbox: the periodic sweep', () => {
  it('drops the markers of finished items and works through a long list in batches', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const first = instance(store, service.fetch, { retries: 0 })
    const messages = Array.from({ length: 30 }, (_, i) => request(`v${i}`))
    for (const message of messages) await first.outbox.submit(message)
    expect(await store.listRecords('outbox-due:')).toHaveLength(30)
    await first.outbox.stop()
    service.setMessageDefault({ status: 200 })
    const second = instance(store, service.fetch, { sweepBatch: 10 })
    await vi.advanceTimersByTimeAsync(10_000)
    // Without resume(): only the sweep finds them, 10 per pass.
    expect(await second.outbox.sweep()).toBe(10)
    expect(await second.outbox.sweep()).toBe(10)
    expect(await second.outbox.sweep()).toBe(10)
    expect(await second.outbox.sweep()).toBe(0)
    expect(countById(receivedIds(service).slice(30)).size).toBe(30)
    expect(await store.listRecords('outbox-due:')).toEqual([])
  })

  it('gives items stored by an older version (no markers) their markers once', async () => {
    const store = createMemoryStore()
    const service = createFakeService()
    const legacy = {
      visitorId: 'v1',
      clientId: 'legacy-1',
      sender: { id: 'v1' },
      parts: [{ clientId: 'legacy-1', text: 'from before the upgrade' }],
      sent: 0,
      attempts: 2,
      state: 'pending',
      nextAttemptAt: Date.now(),
      createdAt: Date.now(),
    }
    await store.setRecord(outboxKey('v1', 'legacy-1'), legacy)
    const { outbox } = instance(store, service.fetch)
    expect(await outbox.resume()).toBe(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(receivedIds(service)).toEqual(['legacy-1'])
    expect(await store.readAfter('v1', undefined, 10)).toHaveLength(1)
  })
})

function textOf(body: unknown): string {
  const { message } = CustomerMessage.parse(body)
  return message.type === 'text' ? message.text : ''
}
