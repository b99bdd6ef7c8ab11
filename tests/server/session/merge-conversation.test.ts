import { nanoid } from 'nanoid'
import { afterAll, describe, expect, it } from 'vitest'
import { describeRedis, type RedisServer, startRedisServer } from '../../../kit/redis-server'
import { readAlias, resolveRecipient } from '../../../server/session/alias'
import { mergeConversation } from '../../../server/session/merge-conversation'
import { readProfile, updateProfile } from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createRedisStore } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import type { ConversationEntry } from '../../../shared/widget-api'
import { onTempSqliteStore } from '../support/temp-sqlite-store'

const KEEP = 30 * 86_400_000
const GUEST = 'V1StGXR8_Z5jdHi6B-myT'
const USER = 'user:42'

/** The texts `fill` writes. */
const labels = (label: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${label} ${i}`)

async function fill(store: Store, visitorId: string, count: number, label: string) {
  for (let i = 0; i < count; i++)
    await store.append(visitorId, {
      author: i % 3 === 0 ? 'agent' : 'visitor',
      content: { type: 'text', text: `${label} ${i}` },
      at: 1_700_000_000_000 + i,
    })
}

async function all(store: Store, visitorId: string): Promise<ConversationEntry[]> {
  const entries: ConversationEntry[] = []
  let after: string | undefined
  for (;;) {
    const page = await store.readAfter(visitorId, after, 500)
    entries.push(...page)
    after = page.at(-1)?.id
    if (page.length < 500) return entries
  }
}

const texts = (entries: ConversationEntry[]) =>
  entries.map((entry) => (entry.content.type === 'text' ? entry.content.text : entry.content.type))

describe('mergeConversation', () => {
  it('appends a 300-entry guest conversation to a 100-entry user log in order, once however often it runs', async () => {
    const store = createMemoryStore()
    await fill(store, USER, 100, 'user')
    await fill(store, GUEST, 300, 'guest')
    const first = await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    expect(first).toEqual({ kind: 'merged', copied: 300 })
    const again = await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    expect(again).toEqual({ kind: 'merged', copied: 0 })
    const merged = await all(store, USER)
    expect(texts(merged)).toEqual([
      ...Array.from({ length: 100 }, (_, i) => `user ${i}`),
      ...Array.from({ length: 300 }, (_, i) => `guest ${i}`),
    ])
    // Authors and times travel with the entries; only the ids are the user log's own.
    const guest = await all(store, GUEST)
    expect(merged.slice(100).map(({ id: _, ...rest }) => rest)).toEqual(
      guest.map(({ id: _, ...rest }) => rest),
    )
  })

  it('copies what the guest wrote after an earlier merge, and nothing twice after an interrupted one', async () => {
    const store = createMemoryStore()
    await fill(store, GUEST, 5, 'early')
    await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    await fill(store, GUEST, 3, 'late')
    // An interrupted run: the alias lost track of what was copied; the dedupe keys have not.
    await store.setRecord(`alias:${GUEST}`, { visitorId: USER }, KEEP)
    expect(await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })).toEqual({
      kind: 'merged',
      copied: 3,
    })
    expect(texts(await all(store, USER))).toEqual([...labels('early', 5), ...labels('late', 3)])
  })

  it('never hands a guest conversation merged into one user to another', async () => {
    const store = createMemoryStore()
    await fill(store, GUEST, 2, 'guest')
    await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    const other = await mergeConversation(store, {
      fromId: GUEST,
      intoId: 'user:intruder',
      keepMs: KEEP,
    })
    expect(other).toEqual({ kind: 'taken', by: USER })
    expect(await all(store, 'user:intruder')).toEqual([])
    expect((await readAlias(store, GUEST))?.visitorId).toBe(USER)
  })

  it('carries the guest’s contact over where the user has none, and routes the guest id to the user', async () => {
    const store = createMemoryStore()
    await updateProfile(store, GUEST, { contact: { name: 'Guest', email: 'g@example.com' } }, KEEP)
    await updateProfile(store, USER, { contact: { name: 'Grace' } }, KEEP)
    await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    expect((await readProfile(store, USER)).contact).toEqual({
      name: 'Grace',
      email: 'g@example.com',
    })
    expect(await resolveRecipient(store, GUEST)).toBe(USER)
    expect(await resolveRecipient(store, 'someone-else')).toBe('someone-else')
  })

  it('carries the guest’s consents over with their times, keeping the user’s own', async () => {
    const store = createMemoryStore()
    await store.recordConsent(GUEST, { version: 'v1', at: 1000 })
    await store.recordConsent(GUEST, { version: 'v2', at: 3000 })
    await store.recordConsent(USER, { version: 'v2', at: 2000 })
    await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
    expect(await store.listConsents(USER)).toEqual([
      { version: 'v1', at: 1000 },
      { version: 'v2', at: 2000 },
    ])
  })
})

async function mergesInOrder(store: Store) {
  await fill(store, USER, 100, 'user')
  await fill(store, GUEST, 300, 'guest')
  await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
  await mergeConversation(store, { fromId: GUEST, intoId: USER, keepMs: KEEP })
  const merged = await all(store, USER)
  expect(merged).toHaveLength(400)
  expect(texts(merged).slice(99, 102)).toEqual(['user 99', 'guest 0', 'guest 1'])
  expect(texts(merged).at(-1)).toBe('guest 299')
  expect(await resolveRecipient(store, GUEST)).toBe(USER)
}

describe('mergeConversation on the persistent stores', () => {
  it('merges on sqlite (the default store), in order, once', async () => {
    await onTempSqliteStore(mergesInOrder)
  })
})

describeRedis('mergeConversation on redis', () => {
  let server: RedisServer | undefined
  afterAll(async () => server?.stop())

  it('merges on redis, in order, once', async () => {
    server = await startRedisServer()
    const store = await createRedisStore(server.url, { prefix: `merge:${nanoid()}:` })
    try {
      await mergesInOrder(store)
    } finally {
      await store.close()
    }
  })
})
