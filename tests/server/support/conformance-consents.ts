import { describe, expect, it } from 'vitest'
import type { Store } from '../../../server/store/types'

// Part of the Store conformance suite (called by describeStoreConformance): the visitors'
// consents, recorded once per version, listed, erased and dropped by age.

const DAY = 24 * 60 * 60 * 1000

export function describeConsentConformance(
  current: () => Store,
  options: { createVisitorId(): string },
): void {
  const { createVisitorId } = options

  describe('consents', () => {
    it('records each version once, the first time kept, and lists them oldest first', async () => {
      const store = current()
      const visitor = createVisitorId()
      const at = Date.now()
      await store.recordConsent(visitor, { version: 'v2', at: at + 5 })
      await store.recordConsent(visitor, { version: 'v1', at })
      // A retry of the same version, later: nothing new.
      await store.recordConsent(visitor, { version: 'v2', at: at + 60_000 })
      expect(await store.listConsents(visitor)).toEqual([
        { version: 'v1', at },
        { version: 'v2', at: at + 5 },
      ])
    })

    it('keeps one record when the same version arrives twice at once', async () => {
      const store = current()
      const visitor = createVisitorId()
      const at = Date.now()
      await Promise.all([
        store.recordConsent(visitor, { version: 'same', at }),
        store.recordConsent(visitor, { version: 'same', at: at + 1 }),
      ])
      expect(await store.listConsents(visitor)).toHaveLength(1)
    })

    it('lists none for a visitor who never agreed', async () => {
      expect(await current().listConsents(createVisitorId())).toEqual([])
    })

    it('erases one visitor’s consents, counting them, and leaves the others’', async () => {
      const store = current()
      const [gone, kept] = [createVisitorId(), createVisitorId()]
      const at = Date.now()
      await store.recordConsent(gone, { version: '1.0', at })
      await store.recordConsent(gone, { version: '1.1', at })
      await store.recordConsent(kept, { version: '1.0', at })
      expect(await store.eraseConsents(gone)).toBe(2)
      expect(await store.listConsents(gone)).toEqual([])
      expect(await store.eraseConsents(gone)).toBe(0)
      expect(await store.listConsents(kept)).toEqual([{ version: '1.0', at }])
      // An erased version may be agreed to again.
      await store.recordConsent(gone, { version: '1.0', at: at + 1 })
      expect(await store.listConsents(gone)).toEqual([{ version: '1.0', at: at + 1 }])
    })

    it('drops consents past the age, the oldest first, at most maxDrop a pass', async () => {
      const store = current()
      const retention = { maxAgeMs: 30 * DAY }
      // What earlier tests left expired goes first, so the counts are this test's alone.
      await store.pruneConsents(retention)
      const [a, b] = [createVisitorId(), createVisitorId()]
      const now = Date.now()
      await store.recordConsent(a, { version: 'old', at: now - 50 * DAY })
      await store.recordConsent(b, { version: 'older', at: now - 60 * DAY })
      await store.recordConsent(a, { version: 'oldish', at: now - 40 * DAY })
      await store.recordConsent(a, { version: 'young', at: now - DAY })
      const stats = await store.consentStats(retention)
      expect(stats.expired).toBe(3)
      expect(stats.total).toBeGreaterThanOrEqual(4)
      expect(await store.pruneConsents({ ...retention, maxDrop: 1 })).toBe(1)
      expect(await store.listConsents(b)).toEqual([])
      expect((await store.listConsents(a)).map((c) => c.version)).toEqual([
        'old',
        'oldish',
        'young',
      ])
      expect(await store.pruneConsents(retention)).toBe(2)
      expect(await store.listConsents(a)).toEqual([{ version: 'young', at: now - DAY }])
      expect((await store.consentStats(retention)).expired).toBe(0)
    })

    it('drops many in one pass, up to its cap exactly', async () => {
      const store = current()
      const retention = { maxAgeMs: 30 * DAY }
      await store.pruneConsents(retention)
      const old = Date.now() - 40 * DAY
      const visitors = Array.from({ length: 1200 }, () => createVisitorId())
      await Promise.all(
        visitors.map((v, i) => store.recordConsent(v, { version: 'v', at: old + i })),
      )
      expect(await store.pruneConsents({ ...retention, maxDrop: 700 })).toBe(700)
      expect(await store.listConsents(visitors[699] ?? '')).toEqual([])
      expect(await store.listConsents(visitors[700] ?? '')).toHaveLength(1)
      expect(await store.pruneConsents(retention)).toBe(500)
      expect((await store.consentStats(retention)).expired).toBe(0)
    })

    it('counts the newest consent’s time, dropping nothing', async () => {
      const store = current()
      const visitor = createVisitorId()
      const newest = Date.now() + 7 * DAY
      await store.recordConsent(visitor, { version: 'ahead', at: newest })
      const stats = await store.consentStats({ maxAgeMs: 30 * DAY })
      expect(stats.newestAt).toBe(newest)
      expect(await store.listConsents(visitor)).toHaveLength(1)
    })

    it('takes any visitor id and version as they are', async () => {
      const store = current()
      const visitor = `${createVisitorId()}:ü:1`
      const at = Date.now() - 40 * DAY
      await store.recordConsent(visitor, { version: 'a:b\nc', at })
      expect(await store.listConsents(visitor)).toEqual([{ version: 'a:b\nc', at }])
      await store.pruneConsents({ maxAgeMs: 30 * DAY })
      expect(await store.listConsents(visitor)).toEqual([])
    })
  })
}
