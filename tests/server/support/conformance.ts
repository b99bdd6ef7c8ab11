import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { NewEntry, Store, VisitorEvent } from '../../../server/store/types'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { describeAgedRecordsConformance } from './conformance-aged-records'
import { describeAliasConformance } from './conformance-alias'
import { describeConsentConformance } from './conformance-consents'
import { describeEraseConformance } from './conformance-erase'
import { describePagingConformance } from './conformance-paging'
import { describeRefuseErasedConformance } from './conformance-refuse-erased'

/** vi.waitFor with room for a busy machine: real sockets and stores answer when they can. */
function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
) {
  return vi.waitFor(check, { timeout: REAL_WORK_TIMEOUT_MS, interval: 25, ...options })
}

export type OpenedStore = {
  store: Store
  /** Closes `store` and opens the same data again, as after a restart (durable stores only). */
  reopen?: () => Promise<Store>
  cleanup: () => Promise<void>
}

let counter = 0

/** A unique visitor id per call, so stores shared between tests never mix logs. */
export function createVisitorId(): string {
  counter += 1
  return `visitor-${process.pid}-${Date.now().toString(36)}-${counter}`
}

export function createEntry(overrides: Partial<NewEntry> = {}): NewEntry {
  return {
    author: 'agent',
    name: 'Anna',
    content: { type: 'text', text: 'Hello!' },
    at: Date.now(),
    ...overrides,
  }
}

function collect(store: Store, visitorId: string): { events: VisitorEvent[]; stop: () => void } {
  const events: VisitorEvent[] = []
  const stop = store.subscribe(visitorId, (event) => events.push(event))
  return { events, stop }
}

/**
 * The behaviour every Store implementation must have. Call it from the
 * implementation's test file:
 *
 * @example describeStoreConformance('memory', async () => ({ store: createMemoryStore(), cleanup: async () => {} }))
 */
export function describeStoreConformance(name: string, open: () => Promise<OpenedStore>): void {
  describe(`Store conformance: ${name}`, () => {
    let opened: OpenedStore
    let store: Store

    beforeEach(async () => {
      opened = await open()
      store = opened.store
    })
    afterEach(async () => {
      await opened.cleanup()
    })

    describe('conversation log', () => {
      it('gives entries ids and returns them oldest first', async () => {
        const visitor = createVisitorId()
        const a = await store.append(visitor, createEntry({ content: { type: 'text', text: 'a' } }))
        const b = await store.append(visitor, createEntry({ content: { type: 'text', text: 'b' } }))
        expect(a.duplicate).toBe(false)
        expect(a.entry.id).not.toBe(b.entry.id)
        const all = await store.readAfter(visitor, undefined, 10)
        expect(all.map((e) => e.content)).toEqual([
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ])
        expect(all.map((e) => e.id)).toEqual([a.entry.id, b.entry.id])
      })

      it('reads only the entries after an id, up to the limit', async () => {
        const visitor = createVisitorId()
        const ids: string[] = []
        for (let i = 0; i < 5; i++) {
          const { entry } = await store.append(
            visitor,
            createEntry({ content: { type: 'text', text: `m${i}` } }),
          )
          ids.push(entry.id)
        }
        const after = await store.readAfter(visitor, ids[1], 10)
        expect(after.map((e) => e.id)).toEqual(ids.slice(2))
        const limited = await store.readAfter(visitor, ids[0], 2)
        expect(limited.map((e) => e.id)).toEqual(ids.slice(1, 3))
        expect(await store.readAfter(visitor, ids[4], 10)).toEqual([])
      })

      it('keeps visitors apart', async () => {
        const one = createVisitorId()
        const two = createVisitorId()
        await store.append(one, createEntry({ content: { type: 'text', text: 'for one' } }))
        const { entry } = await store.append(
          two,
          createEntry({ content: { type: 'text', text: 'for two' } }),
        )
        const read = await store.readAfter(two, undefined, 10)
        expect(read).toEqual([entry])
        expect(await store.readAfter(createVisitorId(), undefined, 10)).toEqual([])
      })

      it('round-trips every field of an entry, media included', async () => {
        const visitor = createVisitorId()
        const entry = createEntry({
          clientId: 'client-123456',
          author: 'agent',
          name: 'Anna',
          photo: 'https://example.com/anna.png',
          at: 1_700_000_000_000,
          content: {
            type: 'photo',
            file: 'https://example.com/cat.jpg',
            file_name: 'cat.jpg',
            file_size: 12345,
            width: 640,
            custom_field: 'kept',
          },
        })
        const { entry: stored } = await store.append(visitor, entry)
        expect(stored).toEqual({ ...entry, id: stored.id })
        expect(await store.readAfter(visitor, undefined, 1)).toEqual([stored])
      })

      it('validates ids it handed out and refuses garbage', async () => {
        const { entry } = await store.append(createVisitorId(), createEntry())
        expect(store.isValidId(entry.id)).toBe(true)
        for (const bad of ['', 'garbage', '../etc', '-1', '1 OR 1=1', 'x'.repeat(300)]) {
          expect(store.isValidId(bad), bad).toBe(false)
        }
      })

      it('keeps ids increasing across visitors, so an old id never hides newer entries', async () => {
        const visitor = createVisitorId()
        const first = await store.append(visitor, createEntry())
        await store.append(createVisitorId(), createEntry())
        const second = await store.append(visitor, createEntry())
        const read = await store.readAfter(visitor, first.entry.id, 10)
        expect(read.map((e) => e.id)).toEqual([second.entry.id])
      })
    })

    describe('idempotency of append', () => {
      it('stores an entry once per dedupe key and returns the first one', async () => {
        const visitor = createVisitorId()
        const key = `a3:${createVisitorId()}`
        const first = await store.append(
          visitor,
          createEntry({ content: { type: 'text', text: 'one' } }),
          { dedupeKey: key },
        )
        const again = await store.append(
          visitor,
          createEntry({ content: { type: 'text', text: 'two' } }),
          { dedupeKey: key },
        )
        expect(first.duplicate).toBe(false)
        expect(again).toEqual({ entry: first.entry, duplicate: true, visitorId: visitor })
        expect(await store.readAfter(visitor, undefined, 10)).toHaveLength(1)
      })

      it('stores an entry once when the same key is appended concurrently', async () => {
        const visitor = createVisitorId()
        const key = `a3:${createVisitorId()}`
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            store.append(visitor, createEntry(), { dedupeKey: key }),
          ),
        )
        expect(results.filter((r) => !r.duplicate)).toHaveLength(1)
        expect(new Set(results.map((r) => r.entry.id)).size).toBe(1)
        expect(await store.readAfter(visitor, undefined, 20)).toHaveLength(1)
      })

      it('does not publish a duplicate', async () => {
        const visitor = createVisitorId()
        const key = `a3:${createVisitorId()}`
        const { events, stop } = collect(store, visitor)
        await store.append(visitor, createEntry(), { dedupeKey: key })
        await eventually(() => expect(events).toHaveLength(1))
        await store.append(visitor, createEntry(), { dedupeKey: key })
        await store.publish(visitor, { event: 'typing', data: { typing: true } })
        await eventually(() => expect(events).toHaveLength(2))
        expect(events.map((e) => e.event)).toEqual(['message', 'typing'])
        stop()
      })
    })

    describe('appends made in one tick', () => {
      it('keeps call order, distinct ids per visitor and publish order', async () => {
        const one = createVisitorId()
        const two = createVisitorId()
        const sub = collect(store, one)
        const texts = ['a', 'b', 'c', 'd', 'e', 'f']
        const results = await Promise.all(
          texts.map((text, i) =>
            store.append(i % 2 === 0 ? one : two, createEntry({ content: { type: 'text', text } })),
          ),
        )
        expect(results.every((r) => !r.duplicate)).toBe(true)
        const forOne = results.filter((_, i) => i % 2 === 0).map((r) => r.entry)
        const forTwo = results.filter((_, i) => i % 2 === 1).map((r) => r.entry)
        // Ids are positions in one visitor's log (redis: stream ids per visitor).
        expect(new Set(forOne.map((e) => e.id)).size).toBe(3)
        expect(new Set(forTwo.map((e) => e.id)).size).toBe(3)
        expect(await store.readAfter(one, undefined, 10)).toEqual(forOne)
        expect(await store.readAfter(two, undefined, 10)).toEqual(forTwo)
        expect(forOne.map((e) => e.content)).toEqual([
          { type: 'text', text: 'a' },
          { type: 'text', text: 'c' },
          { type: 'text', text: 'e' },
        ])
        await eventually(() => expect(sub.events).toHaveLength(3))
        expect(sub.events).toEqual(forOne.map((data) => ({ event: 'message', data })))
        sub.stop()
      })

      it('stores a key once when it repeats within the same tick, answering the first entry', async () => {
        const visitor = createVisitorId()
        const key = `a3:${createVisitorId()}`
        const sub = collect(store, visitor)
        const [first, other, again] = await Promise.all([
          store.append(visitor, createEntry({ content: { type: 'text', text: 'first' } }), {
            dedupeKey: key,
          }),
          store.append(visitor, createEntry({ content: { type: 'text', text: 'other' } }), {
            dedupeKey: `${key}:other`,
          }),
          store.append(visitor, createEntry({ content: { type: 'text', text: 'again' } }), {
            dedupeKey: key,
          }),
        ])
        expect(first?.duplicate).toBe(false)
        expect(other?.duplicate).toBe(false)
        expect(again).toEqual({ entry: first?.entry, duplicate: true, visitorId: visitor })
        const stored = await store.readAfter(visitor, undefined, 10)
        expect(stored).toEqual([first?.entry, other?.entry])
        await eventually(() => expect(sub.events).toHaveLength(2))
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(sub.events.map((e) => (e.event === 'message' ? e.data.id : e.event))).toEqual(
          stored.map((e) => e.id),
        )
        sub.stop()
      })
    })

    describe('fan-out', () => {
      it('delivers appended entries and published events to the visitor’s subscribers, in order', async () => {
        const visitor = createVisitorId()
        const a = collect(store, visitor)
        const b = collect(store, visitor)
        const other = collect(store, createVisitorId())
        const appended: string[] = []
        for (let i = 0; i < 5; i++) {
          appended.push((await store.append(visitor, createEntry())).entry.id)
        }
        await store.publish(visitor, {
          event: 'delivery',
          data: { clientId: 'c-12345678', state: 'sent' },
        })
        for (const sub of [a, b]) {
          await eventually(() => expect(sub.events).toHaveLength(6))
          expect(
            sub.events.slice(0, 5).map((e) => (e.event === 'message' ? e.data.id : e.event)),
          ).toEqual(appended)
          expect(sub.events[5]).toEqual({
            event: 'delivery',
            data: { clientId: 'c-12345678', state: 'sent' },
          })
        }
        expect(other.events).toEqual([])
        for (const sub of [a, b, other]) sub.stop()
      })

      it('stops delivering after unsubscribe', async () => {
        const visitor = createVisitorId()
        const kept = collect(store, visitor)
        const gone = collect(store, visitor)
        gone.stop()
        await store.append(visitor, createEntry())
        await eventually(() => expect(kept.events).toHaveLength(1))
        expect(gone.events).toEqual([])
        kept.stop()
      })

      it('keeps delivering to others when one subscriber throws', async () => {
        const visitor = createVisitorId()
        const stopBad = store.subscribe(visitor, () => {
          throw new Error('subscriber bug')
        })
        const good = collect(store, visitor)
        const onError = vi.fn()
        process.on('uncaughtException', onError)
        try {
          const result = await store.append(visitor, createEntry())
          expect(result.duplicate).toBe(false)
          await eventually(() => expect(good.events).toHaveLength(1))
        } finally {
          await new Promise((resolve) => setTimeout(resolve, 10))
          process.off('uncaughtException', onError)
          stopBad()
          good.stop()
        }
      })
    })

    describe('claims', () => {
      it('lets one caller claim a key until it is released', async () => {
        const key = `claim:${createVisitorId()}`
        expect(await store.claim(key, 60_000)).toBe(true)
        expect(await store.claim(key, 60_000)).toBe(false)
        await store.release(key)
        expect(await store.claim(key, 60_000)).toBe(true)
      })

      it('frees a claim after its ttl', async () => {
        const key = `claim:${createVisitorId()}`
        expect(await store.claim(key, 20)).toBe(true)
        await new Promise((resolve) => setTimeout(resolve, 80))
        expect(await store.claim(key, 60_000)).toBe(true)
      })

      it('lets exactly one of many concurrent callers claim a key', async () => {
        const key = `claim:${createVisitorId()}`
        const results = await Promise.all(
          Array.from({ length: 10 }, () => store.claim(key, 60_000)),
        )
        expect(results.filter(Boolean)).toHaveLength(1)
      })
    })

    describe('records', () => {
      it('parses a record with the schema it is read with: a mismatch reads as undefined', async () => {
        const key = `profile:${createVisitorId()}`
        const Shape = z.object({ n: z.number(), tags: z.array(z.string()).default([]) })
        const mismatches: z.ZodError[] = []
        const onMismatch = (error: z.ZodError) => mismatches.push(error)
        await store.setRecord(key, { n: 1 })
        // Parsed, not cast: the schema's defaults apply.
        expect(await store.getRecord(key, Shape, onMismatch)).toEqual({ n: 1, tags: [] })
        expect(mismatches).toEqual([])
        await store.setRecord(key, { n: 'one' })
        expect(await store.getRecord(key, Shape, onMismatch)).toBeUndefined()
        expect(mismatches).toHaveLength(1)
        expect(mismatches[0]?.issues[0]?.path).toEqual(['n'])
        // Without a callback a mismatch is just undefined; the record itself stays.
        expect(await store.getRecord(key, Shape)).toBeUndefined()
        expect(await store.getRecord(key, z.unknown())).toEqual({ n: 'one' })
        // A missing record is not a mismatch.
        expect(await store.getRecord(`${key}:missing`, Shape, onMismatch)).toBeUndefined()
        expect(mismatches).toHaveLength(1)
      })

      it('sets, gets, lists by prefix and deletes JSON records', async () => {
        const prefix = `outbox:${createVisitorId()}:`
        await store.setRecord(`${prefix}a`, { n: 1, nested: { list: [1, 'two'] } })
        await store.setRecord(`${prefix}b`, 'plain')
        await store.setRecord(`other:${createVisitorId()}`, true)
        expect(await store.getRecord(`${prefix}a`, z.unknown())).toEqual({
          n: 1,
          nested: { list: [1, 'two'] },
        })
        expect(await store.getRecord(`${prefix}b`, z.unknown())).toBe('plain')
        expect((await store.listRecords(prefix)).sort()).toEqual([`${prefix}a`, `${prefix}b`])
        await store.setRecord(`${prefix}a`, { n: 2 })
        expect(await store.getRecord(`${prefix}a`, z.unknown())).toEqual({ n: 2 })
        await store.deleteRecord(`${prefix}a`)
        expect(await store.getRecord(`${prefix}a`, z.unknown())).toBeUndefined()
        expect(await store.listRecords(prefix)).toEqual([`${prefix}b`])
        expect(await store.getRecord(`missing:${createVisitorId()}`, z.unknown())).toBeUndefined()
      })

      it('forgets a record after its ttl', async () => {
        const key = `ttl:${createVisitorId()}`
        await store.setRecord(key, { short: true }, 20)
        await store.setRecord(`${key}:long`, { short: false }, 60_000)
        await new Promise((resolve) => setTimeout(resolve, 80))
        expect(await store.getRecord(key, z.unknown())).toBeUndefined()
        expect(await store.getRecord(`${key}:long`, z.unknown())).toEqual({ short: false })
        expect(await store.listRecords(key)).toEqual([`${key}:long`])
      })
    })

    describe('indexes', () => {
      it('adds, lists sorted and removes members, one index apart from another', async () => {
        const key = `outbox-open:${createVisitorId()}`
        const other = `outbox-open:${createVisitorId()}`
        for (const member of ['m-3', 'm-1', 'm-2', 'm-1']) await store.indexAdd(key, member, 60_000)
        await store.indexAdd(other, 'x', 60_000)
        expect(await store.indexMembers(key)).toEqual(['m-1', 'm-2', 'm-3'])
        await store.indexRemove(key, 'm-2')
        await store.indexRemove(key, 'never-added')
        expect(await store.indexMembers(key)).toEqual(['m-1', 'm-3'])
        expect(await store.indexMembers(other)).toEqual(['x'])
        expect(await store.indexMembers(`outbox-open:${createVisitorId()}`)).toEqual([])
        // An index is not a record: records' listing never shows it.
        expect(await store.listRecords('outbox-open:')).toEqual([])
      })

      it('keeps an index ttl after its latest add, then forgets every member', async () => {
        // Real ttls (Redis counts them itself): each step's timing is checked, and a run
        // that a busy machine made too slow for the premise starts again with a new index.
        const OLD_TTL = 300
        const NEW_TTL = 1_500
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        for (let attempt = 1; ; attempt += 1) {
          const key = `outbox-open:${createVisitorId()}`
          const oldAdded = performance.now()
          await store.indexAdd(key, 'old', OLD_TTL)
          await sleep(50)
          const newAdded = performance.now()
          await store.indexAdd(key, 'new', NEW_TTL)
          // The latest add came before the first member's own ttl ended...
          const inTime = performance.now() - oldAdded < OLD_TTL - 50
          // ...and keeps the whole index, the earlier member too, past its own ttl.
          await sleep(Math.max(0, oldAdded + OLD_TTL + 100 - performance.now()))
          const kept = await store.indexMembers(key)
          const beforeEnd = performance.now() - newAdded < NEW_TTL - 100
          if (!inTime || !beforeEnd) {
            if (attempt < 5) continue
            throw new Error('the machine was too slow for this test 5 times in a row')
          }
          expect(kept).toEqual(['new', 'old'])
          await sleep(Math.max(0, newAdded + NEW_TTL + 150 - performance.now()))
          expect(await store.indexMembers(key)).toEqual([])
          // Expired members do not come back with a later add.
          await store.indexAdd(key, 'later', 60_000)
          expect(await store.indexMembers(key)).toEqual(['later'])
          return
        }
      })
    })

    describe('retention', () => {
      it('drops entries older than maxAgeMs', async () => {
        const visitor = createVisitorId()
        const day = 24 * 60 * 60 * 1000
        await store.append(visitor, createEntry({ at: Date.now() - 40 * day }))
        await store.append(visitor, createEntry({ at: Date.now() - 31 * day }))
        const { entry: young } = await store.append(visitor, createEntry({ at: Date.now() }))
        const dropped = await store.prune({ maxAgeMs: 30 * day, maxEntries: 1000 })
        expect(dropped).toBeGreaterThanOrEqual(2)
        expect(await store.readAfter(visitor, undefined, 10)).toEqual([young])
      })

      it('keeps at most maxEntries per visitor, the newest', async () => {
        const visitor = createVisitorId()
        const ids: string[] = []
        for (let i = 0; i < 6; i++) ids.push((await store.append(visitor, createEntry())).entry.id)
        await store.prune({ maxAgeMs: 365 * 24 * 60 * 60 * 1000, maxEntries: 4 })
        const kept = await store.readAfter(visitor, undefined, 10)
        expect(kept.map((e) => e.id)).toEqual(ids.slice(2))
        // A reader whose last id was pruned still gets everything after it.
        expect((await store.readAfter(visitor, ids[0], 10)).map((e) => e.id)).toEqual(ids.slice(2))
      })

      it('drops at most maxDrop entries in one pass, the oldest first', async () => {
        const day = 24 * 60 * 60 * 1000
        // What earlier tests left expired goes first, so the cap is this test's alone.
        await store.prune({ maxAgeMs: 30 * day, maxEntries: 1_000_000 })
        const visitor = createVisitorId()
        const ids: string[] = []
        for (let i = 5; i > 0; i--) {
          const { entry } = await store.append(
            visitor,
            createEntry({ at: Date.now() - (40 + i) * day }),
          )
          ids.push(entry.id)
        }
        const retention = { maxAgeMs: 30 * day, maxEntries: 1_000_000 }
        expect(await store.prune({ ...retention, maxDrop: 2 })).toBe(2)
        expect((await store.readAfter(visitor, undefined, 10)).map((e) => e.id)).toEqual(
          ids.slice(2),
        )
        expect(await store.prune({ ...retention, maxDrop: 2 })).toBe(2)
        expect(await store.prune({ ...retention, maxDrop: 2 })).toBe(1)
        expect(await store.readAfter(visitor, undefined, 10)).toEqual([])
      })

      it('counts what a pass would drop, what is stored and the newest time, dropping nothing', async () => {
        const day = 24 * 60 * 60 * 1000
        const retention = { maxAgeMs: 30 * day, maxEntries: 1_000_000 }
        await store.prune(retention)
        const before = await store.retentionStats(retention)
        const beforeTwo = await store.retentionStats({ ...retention, maxEntries: 2 })
        expect(before.expired).toBe(0)
        const visitor = createVisitorId()
        for (let i = 0; i < 3; i++)
          await store.append(visitor, createEntry({ at: Date.now() - 40 * day }))
        for (let i = 0; i < 2; i++) await store.append(visitor, createEntry())
        const newest = Date.now() + 7 * day
        await store.append(visitor, createEntry({ at: newest }))
        const stats = await store.retentionStats(retention)
        expect(stats.total - before.total).toBe(6)
        expect(stats.expired).toBe(3)
        expect(stats.newestAt).toBe(newest)
        expect(await store.readAfter(visitor, undefined, 10)).toHaveLength(6)
        // Beyond maxEntries counts too: of the 3 young entries, the oldest is one too many.
        const two = await store.retentionStats({ ...retention, maxEntries: 2 })
        expect(two.expired - beforeTwo.expired).toBe(4)
      })

      it('never reuses the id of a pruned entry', async () => {
        const visitor = createVisitorId()
        const { entry: old } = await store.append(visitor, createEntry({ at: 1 }))
        await store.prune({ maxAgeMs: 1000, maxEntries: 1000 })
        const { entry: next } = await store.append(visitor, createEntry())
        expect(next.id).not.toBe(old.id)
        expect((await store.readAfter(visitor, old.id, 10)).map((e) => e.id)).toEqual([next.id])
      })
    })

    describePagingConformance(() => store, { createVisitorId, createEntry })
    describeAliasConformance(() => store, { createVisitorId, createEntry })
    describeEraseConformance(() => store, { createVisitorId, createEntry })
    describeRefuseErasedConformance(() => store, { createVisitorId, createEntry })
    describeConsentConformance(() => store, { createVisitorId })
    describeAgedRecordsConformance(() => store, { createVisitorId })

    it('answers ping while open', async () => {
      await expect(store.ping()).resolves.toBeUndefined()
    })

    describe('durability', () => {
      it('keeps entries, dedupe keys and records across a restart', async (context) => {
        if (!opened.reopen) {
          context.skip()
          return
        }
        const visitor = createVisitorId()
        const key = `a3:${createVisitorId()}`
        const { entry } = await store.append(visitor, createEntry(), { dedupeKey: key })
        await store.setRecord(`outbox:${visitor}`, { pending: true })
        await store.indexAdd(`outbox-open:${visitor}`, 'c1', 60_000)
        await store.recordConsent(visitor, { version: 'v1', at: 1234 })
        store = await opened.reopen()
        expect(await store.listConsents(visitor)).toEqual([{ version: 'v1', at: 1234 }])
        expect(await store.indexMembers(`outbox-open:${visitor}`)).toEqual(['c1'])
        expect(await store.readAfter(visitor, undefined, 10)).toEqual([entry])
        expect(await store.append(visitor, createEntry(), { dedupeKey: key })).toEqual({
          entry,
          duplicate: true,
          visitorId: visitor,
        })
        expect(await store.getRecord(`outbox:${visitor}`, z.unknown())).toEqual({ pending: true })
        expect(store.isValidId(entry.id)).toBe(true)
        const { entry: next } = await store.append(visitor, createEntry())
        expect((await store.readAfter(visitor, entry.id, 10)).map((e) => e.id)).toEqual([next.id])
      })
    })
  })
}
