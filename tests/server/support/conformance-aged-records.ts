import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Store } from '../../../server/store/types'

// Part of the Store conformance suite (called by describeStoreConformance): records the
// retention pass deletes by age (e-mail records, ratings), each kind with its own times.

const DAY = 24 * 60 * 60 * 1000
const Any = z.unknown()

export function describeAgedRecordsConformance(
  current: () => Store,
  options: { createVisitorId(): string },
): void {
  const { createVisitorId } = options

  describe('aged records', () => {
    it('keeps a record until a pass finds it past its kind’s age, the oldest first, at most maxDrop', async () => {
      const store = current()
      const retention = { maxAgeMs: 30 * DAY }
      // What earlier tests left expired goes first, so the counts are this test's alone.
      await store.pruneAgedRecords('emails', retention)
      const v = createVisitorId()
      const now = Date.now()
      await store.setAgedRecord(`email-due:${v}:a`, { n: 1 }, 'emails', now - 60 * DAY)
      await store.setAgedRecord(`email-due:${v}:b`, { n: 2 }, 'emails', now - 50 * DAY)
      await store.setAgedRecord(`email-due:${v}:c`, { n: 3 }, 'emails', now - DAY)
      await store.setAgedRecord(`rating:${v}:1`, { stars: 5 }, 'ratings', now - 60 * DAY)
      // Nothing expires by itself: the records are read until a pass deletes them.
      expect(await store.getRecord(`email-due:${v}:a`, Any)).toEqual({ n: 1 })
      const stats = await store.agedRecordStats('emails', retention)
      expect(stats.expired).toBe(2)
      expect(stats.total).toBeGreaterThanOrEqual(3)

      expect(await store.pruneAgedRecords('emails', { ...retention, maxDrop: 1 })).toBe(1)
      expect(await store.getRecord(`email-due:${v}:a`, Any)).toBeUndefined()
      expect(await store.listRecords(`email-due:${v}:`)).toEqual([
        `email-due:${v}:b`,
        `email-due:${v}:c`,
      ])
      expect(await store.pruneAgedRecords('emails', retention)).toBe(1)
      expect(await store.listRecords(`email-due:${v}:`)).toEqual([`email-due:${v}:c`])
      // Another kind has its own times: the old rating waits for its own pass.
      expect(await store.getRecord(`rating:${v}:1`, Any)).toEqual({ stars: 5 })
      expect(await store.pruneAgedRecords('ratings', retention)).toBeGreaterThanOrEqual(1)
      expect(await store.getRecord(`rating:${v}:1`, Any)).toBeUndefined()
    })

    it('brings a record written with a lifetime under a kind once, dated its expiry minus that lifetime', async () => {
      const store = current()
      const v = createVisitorId()
      await store.setRecord(`rating:${v}:old`, { stars: 2 }, 30 * DAY)
      await store.setRecord(`email-unsub:${v}`, { at: 1 }, 30 * DAY)
      await store.setAgedRecord(`rating:${v}:aged`, { stars: 3 }, 'ratings', Date.now())
      // Written 30 days ago if it was written with 31: a pass keeping 12 hours deletes it.
      const adopt = () => store.adoptAgedRecords('ratings', [`rating:${v}:`], 31 * DAY)
      const [one, two] = await Promise.all([adopt(), adopt()])
      expect(one + two).toBe(1)
      expect(await adopt()).toBe(0)
      await store.pruneAgedRecords('ratings', { maxAgeMs: DAY / 2 })
      expect(await store.listRecords(`rating:${v}:`)).toEqual([`rating:${v}:aged`])
      expect(await store.getRecord(`email-unsub:${v}`, Any)).toEqual({ at: 1 })
    })

    it('applies the age of the pass, not the one of the write: a longer one keeps old records', async () => {
      const store = current()
      const v = createVisitorId()
      await store.setAgedRecord(`rating:${v}:2`, { stars: 1 }, 'ratings', Date.now() - 40 * DAY)
      await store.pruneAgedRecords('ratings', { maxAgeMs: 90 * DAY })
      expect(await store.getRecord(`rating:${v}:2`, Any)).toEqual({ stars: 1 })
      await store.pruneAgedRecords('ratings', { maxAgeMs: 30 * DAY })
      expect(await store.getRecord(`rating:${v}:2`, Any)).toBeUndefined()
    })

    it('moves a record’s time when it is written again, and counts the newest', async () => {
      const store = current()
      const v = createVisitorId()
      const key = `email-sent:${v}`
      await store.setAgedRecord(key, { n: 1 }, 'emails', Date.now() - 40 * DAY)
      const newest = Date.now() + 7 * DAY
      await store.setAgedRecord(key, { n: 2 }, 'emails', newest)
      await store.pruneAgedRecords('emails', { maxAgeMs: 30 * DAY })
      expect(await store.getRecord(key, Any)).toEqual({ n: 2 })
      expect((await store.agedRecordStats('emails', { maxAgeMs: 30 * DAY })).newestAt).toBe(newest)
      await store.deleteRecord(key)
    })

    it('forgets the time of a record deleted or erased', async () => {
      const store = current()
      const v = createVisitorId()
      const old = Date.now() - 40 * DAY
      const retention = { maxAgeMs: 30 * DAY }
      await store.pruneAgedRecords('ratings', retention)
      const before = await store.agedRecordStats('ratings', retention)
      await store.setAgedRecord(`rating:${v}:1`, {}, 'ratings', old)
      await store.setAgedRecord(`rating:${v}:2`, {}, 'ratings', old)
      await store.deleteRecord(`rating:${v}:1`)
      await store.eraseVisitor(v, { records: [`rating:${v}:2`], indexes: [] })
      expect(await store.agedRecordStats('ratings', retention)).toMatchObject({
        total: before.total,
        expired: 0,
      })
    })
  })
}
