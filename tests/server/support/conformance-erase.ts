import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { NewEntry, Store } from '../../../server/store/types'

// Part of the Store conformance suite (called by describeStoreConformance):
// eraseVisitor, a visitor's erasure on request (server/privacy/).

type Factories = {
  createVisitorId(): string
  createEntry(overrides?: Partial<NewEntry>): NewEntry
}

const KEEP = 60_000

export function describeEraseConformance(current: () => Store, factories: Factories): void {
  const { createVisitorId, createEntry } = factories
  const said = (text: string) => createEntry({ content: { type: 'text', text } })

  describe('eraseVisitor', () => {
    it('deletes the log, its dedupe keys and the records and indexes named; counts the entries', async () => {
      const store = current()
      const visitor = createVisitorId()
      const other = createVisitorId()
      await store.append(visitor, said('one'), { dedupeKey: `a2:${visitor}:c1:0` })
      await store.append(visitor, said('two'))
      await store.append(other, said('kept'), { dedupeKey: `a2:${other}:c1:0` })
      await store.setRecord(`profile:${visitor}`, { name: 'Ada' }, KEEP)
      await store.setRecord(`profile:${other}`, { name: 'Bob' }, KEEP)
      await store.indexAdd(`outbox-open:${visitor}`, 'c1', KEEP)
      await store.indexAdd(`outbox-open:${other}`, 'c1', KEEP)
      await store.claim(`email-lock:ask:${visitor}:11:ada@example.com`, KEEP)
      await store.claim(`read-lock:${visitor}`, KEEP)
      await store.claim(`email-lock:ask:${other}:11:bob@example.com`, KEEP)

      const erased = await store.eraseVisitor(visitor, {
        records: [`profile:${visitor}`],
        indexes: [`outbox-open:${visitor}`],
      })

      expect(erased).toBe(2)
      expect(await store.readAfter(visitor, undefined, 10)).toEqual([])
      expect(await store.getRecord(`profile:${visitor}`, z.unknown())).toBeUndefined()
      expect(await store.listRecords(`profile:${visitor}`)).toEqual([])
      expect(await store.indexMembers(`outbox-open:${visitor}`)).toEqual([])
      // The claims naming the visitor went (one carried an address): they can be taken again.
      expect(await store.claim(`email-lock:ask:${visitor}:11:ada@example.com`, KEEP)).toBe(true)
      expect(await store.claim(`read-lock:${visitor}`, KEEP)).toBe(true)
      // The dedupe key went with its entry: the same append is stored again, as new.
      const again = await store.append(visitor, said('one'), { dedupeKey: `a2:${visitor}:c1:0` })
      expect(again.duplicate).toBe(false)
      // Nothing of the other visitor changed.
      expect((await store.readAfter(other, undefined, 10)).map((e) => e.content)).toEqual([
        { type: 'text', text: 'kept' },
      ])
      expect(await store.getRecord(`profile:${other}`, z.unknown())).toEqual({ name: 'Bob' })
      expect(await store.indexMembers(`outbox-open:${other}`)).toEqual(['c1'])
      expect(await store.claim(`email-lock:ask:${other}:11:bob@example.com`, KEEP)).toBe(false)
      const repeat = await store.append(other, said('kept'), { dedupeKey: `a2:${other}:c1:0` })
      expect(repeat.duplicate).toBe(true)
    })

    it('keeps the claims of a visitor whose id extends the erased one with a colon', async () => {
      const store = current()
      const visitor = createVisitorId()
      const longer = `${visitor}:x`
      const theirs = [
        `read-lock:${longer}`,
        `lock:outbox:${longer}:c1`,
        `email-lock:email-out:${longer}:1`,
        `email-lock:ask:${longer}:11:bob@example.com`,
        `help-settle:${longer}:5`,
      ]
      for (const key of theirs) expect(await store.claim(key, KEEP)).toBe(true)
      await store.claim(`lock:outbox:${visitor}:c1`, KEEP)

      await store.eraseVisitor(visitor, { records: [], indexes: [] })

      for (const key of theirs) expect(await store.claim(key, KEEP), key).toBe(false)
      expect(await store.claim(`lock:outbox:${visitor}:c1`, KEEP)).toBe(true)
    })

    it('erases a visitor with nothing stored: zero', async () => {
      const store = current()
      expect(await store.eraseVisitor(createVisitorId(), { records: [], indexes: [] })).toBe(0)
    })
  })
}
