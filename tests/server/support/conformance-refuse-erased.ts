import { describe, expect, it } from 'vitest'
import { isVisitorErased } from '../../../server/store/errors'
import { aliasKey, profileKey, visitorErasedKey } from '../../../server/store/keys'
import type { NewEntry, Store } from '../../../server/store/types'

// Part of the Store conformance suite (called by describeStoreConformance): append with
// refuseErased, the service's way in (agent replies, its events), which stores nothing
// for a visitor erased on request who has not come back.

type Factories = {
  createVisitorId(): string
  createEntry(overrides?: Partial<NewEntry>): NewEntry
}

const KEEP = 60_000

/** The visitor as the erasure leaves it: its record that says so, and no profile. */
const erase = (store: Store, visitorId: string) =>
  store.setRecord(visitorErasedKey(visitorId), { at: Date.now() })

export function describeRefuseErasedConformance(current: () => Store, factories: Factories): void {
  const { createVisitorId, createEntry } = factories

  describe('append refusing an erased visitor', () => {
    it('refuses an erased visitor and writes nothing; an append in the same batch is stored', async () => {
      const store = current()
      const [gone, other] = [createVisitorId(), createVisitorId()]
      await erase(store, gone)
      const [refused, stored] = await Promise.allSettled([
        store.append(gone, createEntry(), { refuseErased: true, dedupeKey: `k-${gone}` }),
        store.append(other, createEntry(), { refuseErased: true }),
      ])
      expect(refused.status === 'rejected' && isVisitorErased(refused.reason)).toBe(true)
      expect(stored.status).toBe('fulfilled')
      expect(await store.readAfter(gone, undefined, 10)).toEqual([])
      expect(await store.readAfter(other, undefined, 10)).toHaveLength(1)
      // Its dedupe key was not taken: nothing of it is kept.
      await store.deleteRecord(visitorErasedKey(gone))
      const later = await store.append(gone, createEntry(), { dedupeKey: `k-${gone}` })
      expect(later.duplicate).toBe(false)
    })

    it('refuses an erased visitor reached through an alias', async () => {
      const store = current()
      const [guest, user] = [createVisitorId(), createVisitorId()]
      await store.setRecord(aliasKey(guest), { visitorId: user }, KEEP)
      await erase(store, user)
      const refused = await store
        .append(guest, createEntry(), { followAlias: true, refuseErased: true })
        .catch((error: unknown) => error)
      expect(isVisitorErased(refused)).toBe(true)
      expect(await store.readAfter(user, undefined, 10)).toEqual([])
      expect(await store.readAfter(guest, undefined, 10)).toEqual([])
    })

    it('stores for an erased visitor who came back (a profile), and without refuseErased', async () => {
      const store = current()
      const [back, notice] = [createVisitorId(), createVisitorId()]
      await erase(store, back)
      await store.setRecord(profileKey(back), { contact: {} }, KEEP)
      await store.append(back, createEntry(), { refuseErased: true })
      expect(await store.readAfter(back, undefined, 10)).toHaveLength(1)
      // The erasure's own notice to the agents goes through the visitor's log as before.
      await erase(store, notice)
      await store.append(notice, createEntry())
      expect(await store.readAfter(notice, undefined, 10)).toHaveLength(1)
    })
  })
}
