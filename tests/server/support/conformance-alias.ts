import { describe, expect, it, vi } from 'vitest'
import { aliasKey } from '../../../server/store/keys'
import type { NewEntry, Store, VisitorEvent } from '../../../server/store/types'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'

// Part of the Store conformance suite (called by describeStoreConformance): append with
// followAlias, which reads alias:<id> and appends to the visitor it names in one step
// (the A3 webhook's path to a guest merged into a user).

type Factories = {
  createVisitorId(): string
  createEntry(overrides?: Partial<NewEntry>): NewEntry
}

const KEEP = 60_000
const MANY = 2_000

const text = (entry: { content: { type: string } }) =>
  entry.content.type === 'text' && 'text' in entry.content ? entry.content.text : ''

function collect(store: Store, visitorId: string): { events: VisitorEvent[]; stop: () => void } {
  const events: VisitorEvent[] = []
  const stop = store.subscribe(visitorId, (event) => events.push(event))
  return { events, stop }
}

export function describeAliasConformance(current: () => Store, factories: Factories): void {
  const { createVisitorId, createEntry } = factories
  const entry = (words: string) => createEntry({ content: { type: 'text', text: words } })

  describe('append following an alias', () => {
    it('appends to the visitor itself when it has no alias', async () => {
      const store = current()
      const guest = createVisitorId()
      const result = await store.append(guest, entry('hi'), { followAlias: true })
      expect(result).toMatchObject({ duplicate: false, visitorId: guest })
      expect(await store.readAfter(guest, undefined, 10)).toEqual([result.entry])
    })

    it('appends to, and publishes to, the visitor the alias names; the aliased log stays as it was', async () => {
      const store = current()
      const [guest, user] = [createVisitorId(), createVisitorId()]
      await store.setRecord(aliasKey(guest), { visitorId: user, after: '1' }, KEEP)
      const toUser = collect(store, user)
      const toGuest = collect(store, guest)
      const result = await store.append(guest, entry('to the user'), { followAlias: true })
      expect(result.visitorId).toBe(user)
      expect(await store.readAfter(user, undefined, 10)).toEqual([result.entry])
      expect(await store.readAfter(guest, undefined, 10)).toEqual([])
      await vi.waitFor(() => expect(toUser.events).toHaveLength(1), {
        timeout: REAL_WORK_TIMEOUT_MS,
      })
      expect(toUser.events).toEqual([{ event: 'message', data: result.entry }])
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(toGuest.events).toEqual([])
      toUser.stop()
      toGuest.stop()
    })

    it('ignores the alias unless asked to follow it', async () => {
      const store = current()
      const [guest, user] = [createVisitorId(), createVisitorId()]
      await store.setRecord(aliasKey(guest), { visitorId: user }, KEEP)
      const result = await store.append(guest, entry('kept here'))
      expect(result.visitorId).toBe(guest)
      expect(await store.readAfter(guest, undefined, 10)).toEqual([result.entry])
      expect(await store.readAfter(user, undefined, 10)).toEqual([])
    })

    it('treats a record there that is not an alias, or an expired one, as no alias', async () => {
      const store = current()
      const [odd, empty, expired] = [createVisitorId(), createVisitorId(), createVisitorId()]
      await store.setRecord(aliasKey(odd), { visitorId: 42 }, KEEP)
      await store.setRecord(aliasKey(empty), { visitorId: '' }, KEEP)
      await store.setRecord(aliasKey(expired), { visitorId: createVisitorId() }, 1)
      await new Promise((resolve) => setTimeout(resolve, 20))
      for (const visitor of [odd, empty, expired]) {
        const result = await store.append(visitor, entry('mine'), { followAlias: true })
        expect(result.visitorId).toBe(visitor)
        expect(await store.readAfter(visitor, undefined, 10)).toEqual([result.entry])
      }
    })

    it('follows an alias written between two appends, and de-duplicates across the move', async () => {
      const store = current()
      const [guest, user] = [createVisitorId(), createVisitorId()]
      const before = await store.append(guest, entry('before'), {
        followAlias: true,
        dedupeKey: `a3:${guest}:1`,
      })
      await store.setRecord(aliasKey(guest), { visitorId: user }, KEEP)
      const after = await store.append(guest, entry('after'), {
        followAlias: true,
        dedupeKey: `a3:${guest}:2`,
      })
      // The first message retried after the move: stored once, where it first went.
      const retried = await store.append(guest, entry('before, again'), {
        followAlias: true,
        dedupeKey: `a3:${guest}:1`,
      })
      expect([before.visitorId, after.visitorId]).toEqual([guest, user])
      expect(retried).toEqual({ entry: before.entry, duplicate: true, visitorId: user })
      expect((await store.readAfter(guest, undefined, 10)).map(text)).toEqual(['before'])
      expect((await store.readAfter(user, undefined, 10)).map(text)).toEqual(['after'])
    })

    it(`puts ${MANY} appends, with the alias written amid them, in the right logs, in order`, async () => {
      const store = current()
      const [guest, user] = [createVisitorId(), createVisitorId()]
      const results = []
      for (let from = 0; from < MANY; from += 250) {
        if (from === MANY / 2) {
          // Not awaited: issued in the same tick as the next appends, and before them.
          void store.setRecord(aliasKey(guest), { visitorId: user }, KEEP)
        }
        const batch = Array.from({ length: 250 }, (_, i) =>
          store.append(guest, entry(`m${from + i}`), {
            followAlias: true,
            dedupeKey: `a3:${guest}:${from + i}`,
          }),
        )
        results.push(...(await Promise.all(batch)))
      }
      expect(results.every((result) => !result.duplicate)).toBe(true)
      const toGuest = results.filter((result) => result.visitorId === guest)
      const toUser = results.filter((result) => result.visitorId === user)
      // Every append issued after the alias followed it; none before.
      expect(results.map((result) => result.visitorId)).toEqual(
        results.map((_, i) => (i < MANY / 2 ? guest : user)),
      )
      expect(await store.readAfter(guest, undefined, MANY)).toEqual(toGuest.map((r) => r.entry))
      expect(await store.readAfter(user, undefined, MANY)).toEqual(toUser.map((r) => r.entry))
    })
  })
}
