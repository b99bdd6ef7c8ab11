import { describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../../../server/store/memory-store'
import { HOUR, recordDeliveries, storedItem, useTextOutbox } from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'

const { instance, request } = useTextOutbox('clock', ['Hello?'])

/** Moves the wall clock only (Date.now); timers and the monotonic clock keep their pace. */
function stepWallClock(ms: number): void {
  vi.setSystemTime(Date.now() + ms)
}

// A2_GIVE_UP_HOURS is elapsed time: the wall clock may step (an NTP correction, a
// restored VM) while a message waits for the service.
describe('outbox: A2_GIVE_UP_HOURS counts elapsed time, not wall-clock differences', () => {
  it('a clock 25 h ahead for 25 s fails nothing; the message goes when the service is back', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const { outbox } = instance(store, service.fetch)
    const { states } = recordDeliveries(store, 'v1')
    const message = request('v1')
    expect((await outbox.submit(message)).state).toBe('pending')
    await vi.advanceTimersByTimeAsync(20_000)
    const attemptsBefore = service.messages().length
    stepWallClock(25 * HOUR)
    await vi.advanceTimersByTimeAsync(25_000)
    // It was attempted during the jump, and kept.
    expect(service.messages().length).toBeGreaterThan(attemptsBefore)
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('delayed')
    stepWallClock(-25 * HOUR)
    service.setMessageDefault({ status: 200 })
    // The longest backoff step by then is 40 s; retry times set during the jump lie
    // 25 h ahead and must not make it wait that long.
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect((await storedItem(store, 'v1', message.clientId)).state).toBe('sent')
    expect(states(message.clientId)).not.toContain('failed')
  })

  it('a message stored while the clock was ahead is retried once the clock is back, not hours later', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const first = instance(store, service.fetch)
    stepWallClock(25 * HOUR)
    const message = request('v2')
    await first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(20_000)
    await first.outbox.stop()
    stepWallClock(-25 * HOUR)
    service.setMessageDefault({ status: 200 })
    const second = instance(store, service.fetch)
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect((await storedItem(store, 'v2', message.clientId)).state).toBe('sent')
  })

  it('still gives up after A2_GIVE_UP_HOURS of real waiting, and a restart keeps counting', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const first = instance(store, service.fetch, { giveUpMs: HOUR })
    const message = request('v3')
    await first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(40 * 60_000)
    await first.outbox.stop()
    const counted = (await storedItem(store, 'v3', message.clientId)).waitedMs ?? 0
    expect(counted).toBeGreaterThan(35 * 60_000)
    // A restart a minute later goes on from what was counted: 20 more minutes, not an hour.
    await vi.advanceTimersByTimeAsync(60_000)
    const second = instance(store, service.fetch, { giveUpMs: HOUR })
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(15 * 60_000)
    expect((await storedItem(store, 'v3', message.clientId)).state).toBe('delayed')
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect((await storedItem(store, 'v3', message.clientId)).state).toBe('failed')
  })

  it('a restart with the wall clock stepped ahead counts at most an hour for the gap', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: { status: 503 } })
    const first = instance(store, service.fetch)
    const message = request('v4')
    await first.outbox.submit(message)
    await vi.advanceTimersByTimeAsync(20_000)
    await first.outbox.stop()
    stepWallClock(25 * HOUR)
    const second = instance(store, service.fetch)
    await second.outbox.resume()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    const item = await storedItem(store, 'v4', message.clientId)
    expect(item.state).toBe('delayed')
    expect(item.waitedMs).toBeLessThan(HOUR + 10 * 60_000)
  })
})
