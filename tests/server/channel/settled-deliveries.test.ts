import { describe, expect, it, vi } from 'vitest'
import type { Outbox, OutboxOptions } from '../../../server/channel/outbox'
import {
  createOutboxItem,
  type OutboxItem,
  type OutboxRequest,
} from '../../../server/channel/outbox-item'
import {
  noteSettled,
  parseSettled,
  reportedUntil,
  SETTLED_POLICY,
  settledDeliveries,
  settledMember,
  sortSettled,
} from '../../../server/channel/settled-deliveries'
import { openingDeliveries } from '../../../server/channel/unsent-deliveries'
import { silentLogger } from '../../../server/logging/logger'
import { outboxSettledKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createVisitorId } from '../support/conformance'
import {
  createOutboxInstance,
  DELAYED_OUTBOX,
  HOUR,
  storedItem,
} from '../support/customer-messages'
import { createFakeService, type FakeService } from '../support/fake-service'
import { deliveries, reported, written } from '../support/stream-deliveries'
import { describeEachStore, useStreamHarness } from '../support/stream-harness'

// A device that stored a message as delayed, failed or pending and was closed (or lost
// its stream) before the `sent` event went out learns on its next stream open that it
// was sent: the visitor's index of items sent after a wait (settled-deliveries.ts).

const MINUTE = 60_000
/** How long the test outboxes keep items (createOutboxInstance's keepMs). */
const KEEP_MS = 30 * 24 * HOUR

function eventually<T>(check: () => T | Promise<T>) {
  return vi.waitFor(check, { timeout: 20_000, interval: 25 })
}

function itemOf(visitorId: string, clientId: string, createdAt: number): OutboxItem {
  return createOutboxItem(
    { visitorId, clientId, sender: { id: visitorId }, texts: ['hi'] },
    createdAt,
  )
}

describe('the settled index’s members (pure)', () => {
  const T = 1_800_000_000_000

  it('round-trip and sort by the time they were sent, whatever the id', () => {
    const member = settledMember('msg_a-1', T, T + KEEP_MS)
    expect(parseSettled(member)).toEqual({
      member,
      sentAt: T,
      until: T + KEEP_MS,
      clientId: 'msg_a-1',
    })
    const early = settledMember('zzzzzzzz', T - 1, T + 5)
    expect([member, early].sort()).toEqual([early, member])
    expect(parseSettled('garbage')).toBeUndefined()
    expect(parseSettled(`${T}:${T}:x`)).toBeUndefined()
  })

  it('a moment’s wait is reported minutes, a longer one (delayed, retried, failed) as long as items are kept', () => {
    const { promptMs, recentMs } = SETTLED_POLICY
    expect(promptMs).toBeLessThan(3000)
    const sentAt = T + 100
    expect(reportedUntil(itemOf('v', 'm', T), sentAt, KEEP_MS)).toBe(sentAt + recentMs)
    expect(reportedUntil(itemOf('v', 'm', T), T + promptMs, KEEP_MS)).toBe(T + promptMs + KEEP_MS)
    // Never beyond the items' own keep.
    expect(reportedUntil(itemOf('v', 'm', T), sentAt, MINUTE)).toBe(sentAt + MINUTE)
  })

  it('reports each id once (its latest), oldest first, the newest `cap`; drops the expired, unreadable and surplus', () => {
    const members = [
      settledMember('b', T + 2, T + 100),
      settledMember('a', T + 1, T + 100),
      settledMember('a', T + 3, T + 100),
      settledMember('old', T, T + 10),
      settledMember('c', T + 4, T + 100),
      'not-a-member',
    ]
    const { live, stale } = sortSettled(members, T + 10, 2)
    expect(live.map((s) => s.clientId)).toEqual(['a', 'c'])
    expect(stale.sort()).toEqual(
      [
        settledMember('old', T, T + 10),
        'not-a-member',
        settledMember('a', T + 1, T + 100),
        settledMember('b', T + 2, T + 100),
      ].sort(),
    )
    expect(sortSettled(members, T + 100, 10).live).toEqual([])
  })
})

describe('noting a message sent', () => {
  it('happens before the item is stored sent: a store failure in between still tells streams it was sent (the service took it)', async () => {
    const memory = createMemoryStore()
    let refuseSent = true
    const store: Store = {
      ...memory,
      async setRecord(key, value, ttlMs) {
        const sent = (value as { state?: string }).state === 'sent'
        if (sent && refuseSent) throw new Error('the store failed')
        return memory.setRecord(key, value, ttlMs)
      },
    }
    const service = createFakeService({ message: 'connection-error' })
    const { outbox } = createOutboxInstance(store, service.fetch, DELAYED_OUTBOX)
    try {
      const visitor = createVisitorId()
      const m = {
        visitorId: visitor,
        clientId: 'm-crash-001',
        sender: { id: visitor },
        texts: ['hi'],
      }
      expect((await outbox.submit(m)).state).toBe('delayed')
      service.setMessageDefault({ status: 200 })
      // Send now: the service accepts, storing it sent fails.
      await expect(outbox.submit(m)).rejects.toThrow('the store failed')
      expect((await storedItem(memory, visitor, m.clientId)).state).toBe('delayed')
      expect(
        (await openingDeliveries(store, visitor, silentLogger)).map((d) => [d.clientId, d.state]),
      ).toEqual([
        [m.clientId, 'delayed'],
        [m.clientId, 'sent'],
      ])
      refuseSent = false
    } finally {
      await outbox.stop()
    }
  })
})

describe('pruning the index of sent items', () => {
  it('reads it back on one sent message in `pruneEvery`, not on each; readers still cap it', async () => {
    const memory = createMemoryStore()
    const visitor = createVisitorId()
    let reads = 0
    const store: Store = {
      ...memory,
      indexMembers(key) {
        if (key === outboxSettledKey(visitor)) reads += 1
        return memory.indexMembers(key)
      },
    }
    const service = createFakeService()
    const { outbox } = createOutboxInstance(store, service.fetch)
    try {
      const count = 2 * SETTLED_POLICY.pruneEvery
      for (let i = 0; i < count; i++) {
        const clientId = `m-prune-${String(i).padStart(3, '0')}`
        const sent = await outbox.submit({
          visitorId: visitor,
          clientId,
          sender: { id: visitor },
          texts: ['hi'],
        })
        expect(sent.state).toBe('sent')
      }
      // The first add of this process prunes, then one in pruneEvery.
      expect(reads).toBe(2)
      expect(await memory.indexMembers(outboxSettledKey(visitor))).toHaveLength(count)
      expect(
        (await settledDeliveries(store, visitor, Date.now(), 10)).map((d) => d.clientId),
      ).toEqual(
        Array.from({ length: 10 }, (_, i) => `m-prune-${String(count - 10 + i).padStart(3, '0')}`),
      )
    } finally {
      await outbox.stop()
    }
  })
})

function scenarios(openStore: () => Promise<Store>) {
  const harness = useStreamHarness()
  const { afterTest, hubOver, openStream } = harness

  /**
   * An outbox on a clock the test moves (`clock.at`): the first failure is `delayed`
   * (no fast retries) and retried only in 10 minutes, or on the service's recovery.
   */
  function outboxOver(
    store: Store,
    service: FakeService,
    clock: { at: number },
    overrides: Partial<OutboxOptions> = {},
  ): Outbox {
    return harness.outboxOver(store, service, { now: () => clock.at, ...overrides })
  }

  let counter = 0
  /** Ids that sort as they were made. */
  function message(visitorId: string): OutboxRequest {
    counter += 1
    const clientId = `m-${String(counter).padStart(6, '0')}`
    return { visitorId, clientId, sender: { id: visitorId }, texts: ['hi'] }
  }

  async function allSent(store: Store, visitorId: string, requests: OutboxRequest[]) {
    await eventually(async () => {
      for (const m of requests)
        expect((await storedItem(store, visitorId, m.clientId)).state).toBe('sent')
    })
  }

  it('a message delayed through a minute’s outage, then sent: a stream opened afterwards hears it was sent, after the unsent ones', async () => {
    const store = await openStore()
    const service = createFakeService()
    const clock = { at: Date.now() }
    const outbox = outboxOver(store, service, clock)
    const visitor = createVisitorId()
    const before = message(visitor)
    expect((await outbox.submit(before)).state).toBe('sent')

    service.setMessageDefault('connection-error')
    const waiting = [message(visitor), message(visitor)]
    for (const m of waiting) expect((await outbox.submit(m)).state).toBe('delayed')
    // A device shows them delayed and is closed. A minute later the service is back.
    clock.at += MINUTE
    service.setMessageDefault({ status: 200 })
    const recovery = message(visitor)
    expect((await outbox.submit(recovery)).state).toBe('sent')
    await allSent(store, visitor, waiting)
    // Down again: one more waits.
    service.setMessageDefault('connection-error')
    const stuck = message(visitor)
    expect((await outbox.submit(stuck)).state).toBe('delayed')
    // Every retry has announced its outcome before the stream opens (see below).
    await outbox.stop()

    const res = await openStream(hubOver(store), visitor)
    const events = written(res)
    expect(events.findIndex((e) => e.event === 'delivery')).toBeGreaterThan(
      events.findLastIndex((e) => e.event === 'message'),
    )
    // The unsent first; then every message sent after a wait, oldest first.
    expect(deliveries(res)[0]).toMatchObject({ clientId: stuck.clientId, state: 'delayed' })
    expect(reported(res, 'sent')).toEqual([
      before.clientId,
      ...[recovery, ...waiting].map((m) => m.clientId).sort(),
    ])
    expect(deliveries(res)).toHaveLength(5)

    // The prompt ones are reported for minutes only; the delayed ones as long as items are kept.
    const now = Date.now()
    const sentIds = (at: number) =>
      settledDeliveries(store, visitor, at).then((list) => list.map((d) => d.clientId))
    expect(await sentIds(now + SETTLED_POLICY.recentMs - MINUTE)).toContain(recovery.clientId)
    expect(await sentIds(now + SETTLED_POLICY.recentMs + MINUTE)).toEqual(
      waiting.map((m) => m.clientId),
    )
    expect(await sentIds(clock.at + KEEP_MS + 1)).toEqual([])
  })

  it('a message pending for a moment (a failed first attempt, retried at once) is reported for minutes', async () => {
    const store = await openStore()
    const service = createFakeService()
    const visitor = createVisitorId()
    const { outbox } = createOutboxInstance(store, service.fetch, {
      retries: 3,
      retryIntervalMs: 50,
      sweepMs: 600_000,
    })
    afterTest(() => outbox.stop())
    service.queueMessageReplies('connection-error')
    const m = message(visitor)
    // The device that sent it (and its other tabs) store "pending", then close.
    expect((await outbox.submit(m)).state).toBe('pending')
    await allSent(store, visitor, [m])
    // The item is stored sent before its live `sent` goes out: a stream opened in between
    // hears it from the index and then live (on Redis, where the two can race). Once the
    // retry has announced it (nobody listened), a stream opened afterwards hears it once.
    await outbox.stop()
    expect(reported(await openStream(hubOver(store), visitor), 'sent')).toEqual([m.clientId])
    const now = Date.now()
    expect(await settledDeliveries(store, visitor, now + SETTLED_POLICY.recentMs + MINUTE)).toEqual(
      [],
    )
  })

  it('a failed message sent again hours later is reported as long as items are kept', async () => {
    const store = await openStore()
    const service = createFakeService({ message: 'connection-error' })
    const clock = { at: Date.now() }
    const visitor = createVisitorId()
    const m = message(visitor)
    expect((await outboxOver(store, service, clock, { giveUpMs: 0 }).submit(m)).state).toBe(
      'failed',
    )
    clock.at += 2 * HOUR
    service.setMessageDefault({ status: 200 })
    expect((await outboxOver(store, service, clock).submit(m)).state).toBe('sent')
    const at = Date.now() + SETTLED_POLICY.recentMs + MINUTE
    expect(await settledDeliveries(store, visitor, at)).toEqual([
      { clientId: m.clientId, state: 'sent' },
    ])
  })

  it('300 messages delayed through an outage, then sent: a first and a resumed stream hear all of them', async () => {
    const store = await openStore()
    const service = createFakeService({ message: { status: 503 } })
    const clock = { at: Date.now() }
    const outbox = outboxOver(store, service, clock)
    const visitor = createVisitorId()
    const waiting = Array.from({ length: 300 }, () => message(visitor))
    let lastId = ''
    for (const m of waiting) expect((await outbox.submit(m)).state).toBe('delayed')
    clock.at += MINUTE
    service.setMessageDefault({ status: 200 })
    const recovery = message(visitor)
    lastId = (await outbox.submit(recovery)).entries.at(-1)?.id ?? ''
    await allSent(store, visitor, waiting)
    // Every retry has announced its outcome before the streams open (see below).
    await outbox.stop()
    const ids = [...waiting, recovery].map((m) => m.clientId).sort()

    const hub = hubOver(store)
    const first = await openStream(hub, visitor)
    expect(written(first).filter((e) => e.event === 'message')).toHaveLength(200)
    expect(deliveries(first).every((d) => d.state === 'sent')).toBe(true)
    expect(reported(first, 'sent').sort()).toEqual(ids)
    const resumed = await openStream(hub, visitor, lastId)
    expect(written(resumed).filter((e) => e.event === 'message')).toEqual([])
    expect(reported(resumed, 'sent').sort()).toEqual(ids)
  }, 60_000)

  it('keeps at most `cap` ids per visitor, dropping the oldest, and prunes the expired ones', async () => {
    const store = await openStore()
    const visitor = createVisitorId()
    const other = createVisitorId()
    const policy = { ...SETTLED_POLICY, cap: 100 }
    const start = Date.now()
    const late = (i: number) => itemOf(visitor, `m-${String(i).padStart(6, '0')}`, start - HOUR)
    for (let i = 0; i < 300; i++)
      await noteSettled(store, late(i), {
        now: start + i,
        keepMs: KEEP_MS,
        logger: silentLogger,
        policy,
      })
    await noteSettled(store, itemOf(other, 'theirs-1', start - HOUR), {
      now: start,
      keepMs: KEEP_MS,
      logger: silentLogger,
      policy,
    })
    const members = await store.indexMembers(outboxSettledKey(visitor))
    expect(members).toHaveLength(100)
    const newest = Array.from({ length: 100 }, (_, i) => late(200 + i).clientId)
    expect((await settledDeliveries(store, visitor, start + 300)).map((d) => d.clientId)).toEqual(
      newest,
    )
    expect(await settledDeliveries(store, other, start)).toEqual([
      { clientId: 'theirs-1', state: 'sent' },
    ])

    // Past the keep, none is reported; the next one sent drops them from the store.
    const later = start + KEEP_MS + 1000
    expect(await settledDeliveries(store, visitor, later)).toEqual([])
    await store.indexAdd(outboxSettledKey(visitor), 'unreadable', KEEP_MS)
    await noteSettled(store, itemOf(visitor, 'fresh-one', later - HOUR), {
      now: later,
      keepMs: KEEP_MS,
      logger: silentLogger,
      policy,
    })
    expect(await store.indexMembers(outboxSettledKey(visitor))).toEqual([
      settledMember('fresh-one', later, later + KEEP_MS),
    ])
  }, 60_000)
}

describe('a new stream learns that messages some device may show unsent were sent', () => {
  describeEachStore('porthole-settled-', scenarios)
})
