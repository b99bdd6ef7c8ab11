import { describe, expect, it, vi } from 'vitest'
import type { OutboxRequest } from '../../../server/channel/outbox-item'
import { outboxOpenKey } from '../../../server/store/keys'
import type { Store } from '../../../server/store/types'
import { createVisitorId } from '../support/conformance'
import { createOutboxInstance, storedItem } from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'
import { deliveries, reported, written } from '../support/stream-deliveries'
import { describeEachStore, useStreamHarness } from '../support/stream-harness'

// A device (or tab) that opens its stream after its customer messages changed state —
// a second device during a service outage, a reload, a resumed stream — learns the
// state of every message not sent yet, after the replay and before live events.

/** vi.waitFor with room for a busy machine: real stores answer when they can. */
function eventually<T>(check: () => T | Promise<T>) {
  return vi.waitFor(check, { timeout: 15_000, interval: 25 })
}

function scenarios(openStore: () => Promise<Store>) {
  const { afterTest, outboxOver, hubOver, openStream } = useStreamHarness()

  let counter = 0
  function message(visitorId: string): OutboxRequest {
    counter += 1
    return { visitorId, clientId: `m-${counter}`, sender: { id: visitorId }, texts: ['hi'] }
  }

  it('a stream opened during an outage gets delayed for each waiting message after the replay, then sent on recovery', async () => {
    const store = await openStore()
    const service = createFakeService()
    const outbox = outboxOver(store, service)
    const visitor = createVisitorId()
    const before = message(visitor)
    expect((await outbox.submit(before)).state).toBe('sent')
    service.setMessageDefault('connection-error')
    const waiting = Array.from({ length: 5 }, () => message(visitor))
    for (const m of waiting) expect((await outbox.submit(m)).state).toBe('delayed')

    // The second device connects in the middle of the outage.
    const res = await openStream(hubOver(store), visitor)
    const events = written(res)
    const lastEntry = events.findLastIndex((e) => e.event === 'message')
    const firstDelivery = events.findIndex((e) => e.event === 'delivery')
    expect(events.filter((e) => e.event === 'message')).toHaveLength(6)
    // After the entries they are about.
    expect(firstDelivery).toBeGreaterThan(lastEntry)
    expect(reported(res, 'delayed')).toEqual(waiting.map((m) => m.clientId))
    // The one accepted before the outage is only said to be sent (a device closed while
    // it was pending for a moment learns it), after the waiting ones.
    expect(deliveries(res)).toHaveLength(6)
    expect(deliveries(res)[5]).toEqual({ clientId: before.clientId, state: 'sent' })
    expect(deliveries(res)[0]?.error).toMatch(/delayed/)

    // The service is back: the next message goes through and the waiting ones follow.
    service.setMessageDefault({ status: 200 })
    await outbox.submit(message(visitor))
    const ids = waiting.map((m) => m.clientId)
    await eventually(() =>
      expect(reported(res, 'sent').filter((id) => ids.includes(id))).toHaveLength(5),
    )
    // Never 'sent' before it was: every 'sent' comes after every 'delayed'.
    const states = deliveries(res).map((d) => d.state)
    expect(states.lastIndexOf('delayed')).toBeLessThan(states.indexOf('sent'))
    // Sent items leave the visitor's index of unsent ones: a later stream hears only that
    // they were sent (settled-deliveries.test.ts).
    expect(await store.indexMembers(outboxOpenKey(visitor))).toEqual([])
    const later = await openStream(hubOver(store), visitor)
    expect(deliveries(later).filter((d) => d.state !== 'sent')).toEqual([])
    expect(reported(later, 'sent')).toEqual(expect.arrayContaining([before.clientId, ...ids]))
  })

  it('reports all of 300 waiting messages to a first stream and to a resumed one', async () => {
    const store = await openStore()
    const service = createFakeService({ message: { status: 503 } })
    const outbox = outboxOver(store, service)
    const visitor = createVisitorId()
    const waiting = Array.from({ length: 300 }, () => message(visitor))
    let lastId = ''
    for (const m of waiting) {
      const result = await outbox.submit(m)
      expect(result.state).toBe('delayed')
      lastId = result.entries.at(-1)?.id ?? lastId
    }
    const hub = hubOver(store)
    // Messages sent within one millisecond may come in either order.
    const ids = waiting.map((m) => m.clientId).sort()
    // A first connection replays the newest 200 entries; all 300 states come.
    const first = await openStream(hub, visitor)
    expect(written(first).filter((e) => e.event === 'message')).toHaveLength(200)
    expect(reported(first, 'delayed').sort()).toEqual(ids)
    // Resumed after the newest entry: nothing to replay, the states all the same.
    const resumed = await openStream(hub, visitor, lastId)
    expect(written(resumed).filter((e) => e.event === 'message')).toEqual([])
    expect(reported(resumed, 'delayed').sort()).toEqual(ids)
  }, 60_000)

  it('reports a refused message as failed with the reason, and one sent again as pending', async () => {
    const store = await openStore()
    const service = createFakeService({ message: { status: 400, body: 'spam' } })
    const outbox = outboxOver(store, service)
    const visitor = createVisitorId()
    const refused = message(visitor)
    expect((await outbox.submit(refused)).state).toBe('rejected')
    const hub = hubOver(store)
    const [failed] = deliveries(await openStream(hub, visitor))
    expect(failed).toMatchObject({ clientId: refused.clientId, state: 'failed' })
    expect(failed?.error).toBeTruthy()

    // Given up after the outage's 24 h, then sent again: pending from then on.
    service.setMessageDefault('connection-error')
    const givenUp = message(visitor)
    const { outbox: late } = createOutboxInstance(store, service.fetch, {
      retries: 0,
      giveUpMs: 0,
      sweepMs: 600_000,
    })
    afterTest(() => late.stop())
    expect((await late.submit(givenUp)).state).toBe('failed')
    expect(deliveries(await openStream(hub, visitor)).map((d) => d.state)).toEqual([
      'failed',
      'failed',
    ])
    const { outbox: again } = createOutboxInstance(store, service.fetch, {
      retries: 3,
      retryIntervalMs: 600_000,
      sweepMs: 600_000,
    })
    afterTest(() => again.stop())
    expect((await again.submit(givenUp)).state).toBe('pending')
    expect(deliveries(await openStream(hub, visitor))).toEqual([
      expect.objectContaining({ clientId: refused.clientId, state: 'failed' }),
      expect.objectContaining({ clientId: givenUp.clientId, state: 'pending' }),
    ])
  })

  it('keeps each visitor’s messages to their own streams', async () => {
    const store = await openStore()
    const service = createFakeService({ message: 'connection-error' })
    const outbox = outboxOver(store, service)
    const [a, b] = [createVisitorId(), createVisitorId()]
    const ofA = message(a)
    await outbox.submit(ofA)
    await outbox.submit(message(b))
    expect(reported(await openStream(hubOver(store), a), 'delayed')).toEqual([ofA.clientId])
  })

  it('drops an id the index kept for a message already sent (its removal was lost to a crash)', async () => {
    const store = await openStore()
    const service = createFakeService()
    const outbox = outboxOver(store, service)
    const visitor = createVisitorId()
    const sent = message(visitor)
    await outbox.submit(sent)
    expect((await storedItem(store, visitor, sent.clientId)).state).toBe('sent')
    await store.indexAdd(outboxOpenKey(visitor), sent.clientId, 60_000)
    // And an id whose item is not stored (yet): skipped, left to the index's expiry.
    await store.indexAdd(outboxOpenKey(visitor), 'not-stored-yet', 60_000)
    // Nothing unsent is reported; that it was sent, only as such (it was sent just now).
    expect(deliveries(await openStream(hubOver(store), visitor))).toEqual([
      { clientId: sent.clientId, state: 'sent' },
    ])
    await eventually(async () =>
      expect(await store.indexMembers(outboxOpenKey(visitor))).toEqual(['not-stored-yet']),
    )
  })

  it('indexes waiting messages stored by a version without the index, once, at resume', async () => {
    const store = await openStore()
    const service = createFakeService({ message: 'connection-error' })
    const outbox = outboxOver(store, service)
    const visitor = createVisitorId()
    const old = message(visitor)
    await outbox.submit(old)
    // As an older version stored it: no index.
    await store.indexRemove(outboxOpenKey(visitor), old.clientId)
    await store.deleteRecord('outbox-meta:open-index')
    const hub = hubOver(store)
    expect(deliveries(await openStream(hub, visitor))).toEqual([])
    await outboxOver(store, service).resume()
    expect(reported(await openStream(hub, visitor), 'delayed')).toEqual([old.clientId])
  })
}

describe('a new stream learns the delivery state of messages not sent', () => {
  describeEachStore('porthole-unsent-', scenarios)
})
