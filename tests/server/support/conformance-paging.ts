import { describe, expect, it, vi } from 'vitest'
import type { NewEntry, Store, VisitorEvent } from '../../../server/store/types'
import type { ConversationEntry } from '../../../shared/widget-api'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'

// Part of the Store conformance suite (called by describeStoreConformance): paging
// through long logs with readBefore/readAfter, id order, read events, claim extension.

type Factories = {
  createVisitorId(): string
  createEntry(overrides?: Partial<NewEntry>): NewEntry
}

const LONG_LOG = 1_200

/** Appends `count` numbered entries; appends of one tick keep call order in every store. */
async function appendMany(
  store: Store,
  visitorId: string,
  count: number,
  factories: Factories,
): Promise<ConversationEntry[]> {
  const stored: ConversationEntry[] = []
  for (let from = 0; from < count; from += 200) {
    const batch = Array.from({ length: Math.min(200, count - from) }, (_, i) =>
      store.append(
        visitorId,
        factories.createEntry({ content: { type: 'text', text: `m${from + i}` } }),
      ),
    )
    for (const result of await Promise.all(batch)) stored.push(result.entry)
  }
  return stored
}

function expectStrictlyOrdered(store: Store, ids: string[]): void {
  for (let i = 1; i < ids.length; i++) {
    const [previous = '', current = ''] = [ids[i - 1], ids[i]]
    expect(store.compareIds(previous, current), `${previous} < ${current}`).toBeLessThan(0)
    expect(store.compareIds(current, previous)).toBeGreaterThan(0)
  }
}

export function describePagingConformance(getStore: () => Store, factories: Factories): void {
  const { createVisitorId, createEntry } = factories

  describe('paging', () => {
    it('reads the newest entry of many visitors at once, in the order given, none for an empty log', async () => {
      const store = getStore()
      const a = createVisitorId()
      const b = createVisitorId()
      const empty = createVisitorId()
      const aIds = (await appendMany(store, a, 3, factories)).map((e) => e.id)
      const [bOnly] = await appendMany(store, b, 1, factories)
      const newest = await store.newestEntries([b, empty, a, b])
      expect(newest.map((entry) => entry?.id)).toEqual([bOnly?.id, undefined, aIds[2], bOnly?.id])
      expect(newest[2]).toEqual((await store.readBefore(a, undefined, 1))[0])
      expect(await store.newestEntries([])).toEqual([])
    })

    it('reads the newest entries before an id (the newest page without one), oldest first', async () => {
      const store = getStore()
      const visitor = createVisitorId()
      const ids = (await appendMany(store, visitor, 6, factories)).map((e) => e.id)
      // Another visitor's entries in between must not show up or shift the pages.
      await store.append(createVisitorId(), createEntry())
      expect((await store.readBefore(visitor, undefined, 4)).map((e) => e.id)).toEqual(ids.slice(2))
      expect((await store.readBefore(visitor, ids[4], 2)).map((e) => e.id)).toEqual(ids.slice(2, 4))
      expect((await store.readBefore(visitor, ids[2], 10)).map((e) => e.id)).toEqual(
        ids.slice(0, 2),
      )
      expect(await store.readBefore(visitor, ids[0], 10)).toEqual([])
      expect(await store.readBefore(createVisitorId(), undefined, 10)).toEqual([])
      const [newest] = await store.readBefore(visitor, undefined, 1)
      expect(newest?.content).toEqual({ type: 'text', text: 'm5' })
    })

    it('reads before an id that was pruned, as it does after one', async () => {
      const store = getStore()
      const visitor = createVisitorId()
      const ids = (await appendMany(store, visitor, 5, factories)).map((e) => e.id)
      await store.prune({ maxAgeMs: 365 * 24 * 3600 * 1000, maxEntries: 3 })
      expect((await store.readBefore(visitor, ids[3], 10)).map((e) => e.id)).toEqual([ids[2]])
      expect(await store.readBefore(visitor, ids[1], 10)).toEqual([])
    })

    it(`pages through ${LONG_LOG} entries both ways with no gap, no repeat and ids in order`, async () => {
      const store = getStore()
      const visitor = createVisitorId()
      const other = createVisitorId()
      const [stored] = await Promise.all([
        appendMany(store, visitor, LONG_LOG, factories),
        appendMany(store, other, 50, factories),
      ])
      const expected = stored.map((e) => e.id)
      expectStrictlyOrdered(store, expected)

      const backwards: ConversationEntry[][] = []
      let before: string | undefined
      for (;;) {
        const page = await store.readBefore(visitor, before, 173)
        if (page.length === 0) break
        expect(page.length).toBeLessThanOrEqual(173)
        backwards.push(page)
        before = page[0]?.id
      }
      const viaBefore = backwards.reverse().flat()
      expect(viaBefore.map((e) => e.id)).toEqual(expected)
      expect(viaBefore).toEqual(stored)

      const viaAfter: ConversationEntry[] = []
      let after: string | undefined
      for (;;) {
        const page = await store.readAfter(visitor, after, 211)
        viaAfter.push(...page)
        if (page.length < 211) break
        after = page.at(-1)?.id
      }
      expect(viaAfter.map((e) => e.id)).toEqual(expected)
      expect(viaAfter.map((e) => e.content)).toEqual(stored.map((e) => e.content))
    })

    // Within one visitor's log: redis: ids are per-visitor stream ids, so two visitors'
    // entries written in the same millisecond may carry the same id.
    it('compares ids in append order within a visitor’s log', async () => {
      const store = getStore()
      const visitor = createVisitorId()
      const { entry: a } = await store.append(visitor, createEntry())
      const { entry: b } = await store.append(visitor, createEntry())
      expect(store.compareIds(a.id, a.id)).toBe(0)
      expect(store.compareIds(a.id, b.id)).toBeLessThan(0)
      expect(store.compareIds(b.id, a.id)).toBeGreaterThan(0)
    })

    it('refuses a malformed id to read before', async () => {
      await expect(getStore().readBefore(createVisitorId(), 'garbage', 10)).rejects.toThrow(
        /not an entry id/,
      )
    })
  })

  it('publishes a read marker to the visitor’s subscribers (on every instance)', async () => {
    const store = getStore()
    const visitor = createVisitorId()
    const { entry } = await store.append(visitor, createEntry())
    const events: VisitorEvent[] = []
    const stop = store.subscribe(visitor, (event) => events.push(event))
    try {
      await store.readAfter(visitor, entry.id, 1)
      await store.publish(visitor, { event: 'read', data: { upTo: entry.id } })
      await vi.waitFor(
        () => expect(events).toEqual([{ event: 'read', data: { upTo: entry.id } }]),
        {
          timeout: REAL_WORK_TIMEOUT_MS,
          interval: 25,
        },
      )
    } finally {
      stop()
    }
  })

  describe('claim extension', () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

    it('keeps a renewed claim past its first ttl', async () => {
      const store = getStore()
      const key = `claim:${createVisitorId()}`
      expect(await store.claim(key, 150)).toBe(true)
      await wait(60)
      expect(await store.extendClaim(key, 400)).toBe(true)
      await wait(150)
      // The first ttl has passed; the extended one holds.
      expect(await store.claim(key, 60_000)).toBe(false)
      await wait(350)
      expect(await store.claim(key, 60_000)).toBe(true)
    })

    it('answers false once a claim has expired or was released, and never claims the key', async () => {
      const store = getStore()
      const expired = `claim:${createVisitorId()}`
      expect(await store.claim(expired, 20)).toBe(true)
      await wait(80)
      expect(await store.extendClaim(expired, 60_000)).toBe(false)
      // Still free: extending did not claim it for the caller.
      expect(await store.claim(expired, 60_000)).toBe(true)

      const released = `claim:${createVisitorId()}`
      expect(await store.claim(released, 60_000)).toBe(true)
      await store.release(released)
      expect(await store.extendClaim(released, 60_000)).toBe(false)
      expect(await store.extendClaim(`claim:${createVisitorId()}`, 60_000)).toBe(false)
    })
  })
}
