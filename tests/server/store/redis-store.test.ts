import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { afterAll, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { describeRedis, type RedisServer, startRedisServer } from '../../../kit/redis-server'
import { isConfigError } from '../../../server/config/errors'
import { StoreError } from '../../../server/store/errors'
import { createStore } from '../../../server/store/index'
import { createRedisStore, type RedisStoreOptions } from '../../../server/store/redis-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import type { ConversationEntry } from '../../../shared/widget-api'
import { REAL_WORK } from '../../support/timeouts'
import { createEntry, createVisitorId, describeStoreConformance } from '../support/conformance'

describeRedis('redis store', () => {
  let server: RedisServer | undefined
  const opened: Store[] = []
  const redisUrl = async () => {
    server ??= await startRedisServer()
    return server.url
  }
  // A fresh prefix per store: tests share one redis-server but never each other's keys.
  async function openStore(options: RedisStoreOptions = {}): Promise<Store> {
    const store = await createRedisStore(await redisUrl(), { prefix: `t:${nanoid()}:`, ...options })
    opened.push(store)
    return store
  }
  async function rawClient() {
    const client = createClient({ url: await redisUrl() })
    await client.connect()
    return client
  }
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()))
    await server?.stop()
  })

  describeStoreConformance('redis', async () => {
    const url = await redisUrl()
    const prefix = `c:${nanoid()}:`
    let current = await createRedisStore(url, { prefix })
    return {
      store: current,
      reopen: async () => {
        await current.close()
        current = await createRedisStore(url, { prefix })
        return current
      },
      cleanup: () => current.close(),
    }
  })

  it('uses stream ids as entry ids and validates them', async () => {
    const store = await openStore()
    const { entry } = await store.append(createVisitorId(), createEntry())
    expect(entry.id).toMatch(/^\d+-\d+$/)
    expect(store.isValidId('1732170000000-0')).toBe(true)
    expect(store.isValidId('0-0')).toBe(true)
    for (const bad of ['1', '1-', '-1-0', '01-0', '1-0-0', `${2n ** 64n}-0`, '1e3-0']) {
      expect(store.isValidId(bad), bad).toBe(false)
    }
    await expect(store.readAfter('v', '42', 10)).rejects.toThrow(/not an entry id/)
  })

  it('returns nothing after the largest possible id', async () => {
    const store = await openStore()
    const visitor = createVisitorId()
    await store.append(visitor, createEntry())
    const last = `${2n ** 64n - 1n}-${2n ** 64n - 1n}`
    expect(await store.readAfter(visitor, last, 10)).toEqual([])
  })

  it('fans out between two instances on one Redis', async () => {
    const prefix = `t:${nanoid()}:`
    const a = await openStore({ prefix })
    const b = await openStore({ prefix })
    const visitor = createVisitorId()
    const events: VisitorEvent[] = []
    const stop = a.subscribe(visitor, (event) => events.push(event))
    await a.readAfter(visitor, undefined, 1)
    const { entry } = await b.append(visitor, createEntry())
    await b.publish(visitor, { event: 'typing', data: { typing: true, name: 'Anna' } })
    await vi.waitFor(() => expect(events).toHaveLength(2), REAL_WORK)
    expect(events).toEqual([
      { event: 'message', data: entry },
      { event: 'typing', data: { typing: true, name: 'Anna' } },
    ])
    // Stored once in the shared log, readable from either instance.
    expect(await a.readAfter(visitor, undefined, 10)).toEqual([entry])
    stop()
  })

  it('dedupes across instances: a retry reaching another instance is stored once', async () => {
    const prefix = `t:${nanoid()}:`
    const a = await openStore({ prefix })
    const b = await openStore({ prefix })
    const visitor = createVisitorId()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).append(visitor, createEntry(), { dedupeKey: 'a3:same-message' }),
      ),
    )
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1)
    expect(await a.readAfter(visitor, undefined, 20)).toHaveLength(1)
  })

  it('replay plus live delivery misses nothing when a stream opens during appends', async () => {
    const prefix = `t:${nanoid()}:`
    const reader = await openStore({ prefix })
    const writer = await openStore({ prefix })
    const visitor = createVisitorId()
    const appended: string[] = []
    const live: string[] = []
    // The writer keeps going until the reader has had live entries, whatever the speed.
    const writing = (async () => {
      while (live.length < 5 && appended.length < 5000) {
        appended.push((await writer.append(visitor, createEntry())).entry.id)
      }
    })()
    await vi.waitFor(() => expect(appended.length).toBeGreaterThan(10), REAL_WORK)
    // What the SSE endpoint does: subscribe, then replay; the union must be gap-free.
    const stop = reader.subscribe(visitor, (event) => {
      if (event.event === 'message') live.push(event.data.id)
    })
    const replayed = (await reader.readAfter(visitor, undefined, 10_000)).map((entry) => entry.id)
    await writing
    await vi.waitFor(() => expect(live.at(-1)).toBe(appended.at(-1)), REAL_WORK)
    const seen = [...replayed, ...live.filter((id) => !replayed.includes(id))]
    expect(seen).toEqual(appended)
    stop()
  })

  it('applies configured retention on append: idle logs expire, dedupe keys have a ttl', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({
      prefix,
      retention: { maxAgeMs: 60_000, maxEntries: 100 },
      dedupeTtlMs: 30_000,
    })
    const visitor = createVisitorId()
    await store.append(visitor, createEntry(), { dedupeKey: 'a3:ttl' })
    const client = await rawClient()
    const logTtl = await client.pTTL(`${prefix}log:${visitor}`)
    const dedupeTtl = await client.pTTL(`${prefix}dedupe:a3:ttl`)
    await client.close()
    expect(logTtl).toBeGreaterThan(0)
    expect(logTtl).toBeLessThanOrEqual(60_000)
    expect(dedupeTtl).toBeGreaterThan(0)
    expect(dedupeTtl).toBeLessThanOrEqual(30_000)
  })

  it('trims long logs on append once a retention is known', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix, retention: { maxAgeMs: 60_000, maxEntries: 10 } })
    const visitor = createVisitorId()
    for (let i = 0; i < 400; i++) await store.append(visitor, createEntry())
    const client = await rawClient()
    const length = await client.xLen(`${prefix}log:${visitor}`)
    await client.close()
    // MAXLEN ~ trims whole radix-tree nodes (100 entries by default): cheap, approximate.
    expect(length).toBeLessThan(400)
    expect(length).toBeGreaterThanOrEqual(10)
  })

  it('keeps an entry’s id and visitor in its dedupe key, not its text: a message the cap trimmed is not left readable there', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix, retention: { maxAgeMs: 60_000, maxEntries: 10 } })
    const visitor = createVisitorId()
    const text = (i: number) => `card ending ${1000 + i}`
    const stored: ConversationEntry[] = []
    for (let i = 0; i < 400; i++) {
      const { entry } = await store.append(
        visitor,
        createEntry({ content: { type: 'text', text: text(i) } }),
        { dedupeKey: `trim:${i}` },
      )
      stored.push(entry)
    }
    const client = await rawClient()
    const length = await client.xLen(`${prefix}log:${visitor}`)
    const trimmedKey = await client.get(`${prefix}dedupe:trim:0`)
    const keptKey = await client.get(`${prefix}dedupe:trim:399`)
    await client.close()
    expect(length).toBeLessThan(400)
    expect(trimmedKey).toBe(`${stored[0]?.id} ${visitor}`)
    expect(keptKey).toBe(`${stored[399]?.id} ${visitor}`)

    // A repeat is still answered with what was stored: from the log while it is there...
    const kept = await store.append(
      visitor,
      createEntry({ content: { type: 'text', text: text(399) }, at: Date.now() + 5000 }),
      { dedupeKey: 'trim:399' },
    )
    expect(kept).toMatchObject({ duplicate: true, entry: stored[399] })
    // ...and, once the cap has trimmed it, as the original id with the repeat's content.
    const retry = createEntry({ content: { type: 'text', text: text(0) }, at: Date.now() + 5000 })
    const trimmed = await store.append(visitor, retry, { dedupeKey: 'trim:0' })
    expect(trimmed).toMatchObject({ duplicate: true, entry: { ...retry, id: stored[0]?.id } })
  })

  it('answers a repeat of an entry whose dedupe key an earlier version wrote (its id and JSON)', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix })
    const original = createEntry({ content: { type: 'text', text: 'from before' } })
    const client = await rawClient()
    await client.set(`${prefix}dedupe:old:1`, `1732170000000-0\n${JSON.stringify(original)}`)
    await client.close()
    const repeat = await store.append(createVisitorId(), createEntry(), { dedupeKey: 'old:1' })
    expect(repeat).toMatchObject({
      duplicate: true,
      entry: { ...original, id: '1732170000000-0' },
    })
  })

  it('keeps logs without a ttl when no retention is configured', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix })
    const visitor = createVisitorId()
    await store.append(visitor, createEntry())
    const client = await rawClient()
    expect(await client.pTTL(`${prefix}log:${visitor}`)).toBe(-1)
    await client.close()
  })

  it('prunes nothing from young logs within the count, and everything that is due', async () => {
    const store = await openStore()
    const young = createVisitorId()
    const old = createVisitorId()
    for (let i = 0; i < 3; i++) await store.append(young, createEntry())
    await store.append(old, createEntry({ at: 1 }))
    await store.append(old, createEntry())
    expect(await store.prune({ maxAgeMs: 60_000, maxEntries: 10 })).toBe(1)
    expect(await store.readAfter(young, undefined, 10)).toHaveLength(3)
    expect(await store.readAfter(old, undefined, 10)).toHaveLength(1)
  })

  it('frees dedupe keys with the entries prune drops', async () => {
    const store = await openStore()
    const visitor = createVisitorId()
    await store.append(visitor, createEntry({ at: 1 }), { dedupeKey: 'a3:old' })
    expect(await store.prune({ maxAgeMs: 1000, maxEntries: 10 })).toBe(1)
    const again = await store.append(visitor, createEntry(), { dedupeKey: 'a3:old' })
    expect(again.duplicate).toBe(false)
  })

  it('reports corrupt entries instead of returning them', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix })
    const visitor = createVisitorId()
    const client = await rawClient()
    await client.xAdd(`${prefix}log:${visitor}`, '*', { e: '{"author":"nobody"}', a: '1' })
    await client.close()
    await expect(store.readAfter(visitor, undefined, 10)).rejects.toThrow(
      /not a conversation entry/,
    )
  })

  it('refuses to append an entry that is not one', async () => {
    const store = await openStore()
    const bad = createEntry({ photo: 'javascript:alert(1)' })
    await expect(store.append(createVisitorId(), bad)).rejects.toThrow(StoreError)
  })

  it('reports an unreadable pub/sub message and keeps delivering', async () => {
    const prefix = `t:${nanoid()}:`
    const onError = vi.fn()
    const store = await openStore({ prefix, onError })
    const visitor = createVisitorId()
    const events: VisitorEvent[] = []
    const stop = store.subscribe(visitor, (event) => events.push(event))
    await store.readAfter(visitor, undefined, 1)
    const client = await rawClient()
    await client.publish(`${prefix}v:${visitor}`, 'garbage')
    await client.close()
    await store.publish(visitor, { event: 'typing', data: { typing: false } })
    await vi.waitFor(() => expect(events).toHaveLength(1), REAL_WORK)
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/unreadable/) }),
    )
    stop()
  })

  it('matches record prefixes literally, glob characters included', async () => {
    const store = await openStore()
    await store.setRecord('a*b', 1)
    await store.setRecord('axb', 2)
    await store.setRecord('a[x]', 3)
    expect(await store.listRecords('a*')).toEqual(['a*b'])
    expect(await store.listRecords('a[')).toEqual(['a[x]'])
  })

  it('reports a record that is not JSON instead of returning it', async () => {
    const prefix = `t:${nanoid()}:`
    const store = await openStore({ prefix })
    const client = await rawClient()
    await client.set(`${prefix}rec:broken`, '{not json')
    await client.close()
    await expect(store.getRecord('broken', z.unknown())).rejects.toThrow(
      /record "broken" is not JSON/,
    )
  })

  it('refuses values that are not JSON', async () => {
    const store = await openStore()
    await expect(store.setRecord('nothing', undefined)).rejects.toThrow(/not JSON/)
  })

  it('throws a clear error after close', async () => {
    const store = await createRedisStore(await redisUrl(), { prefix: `t:${nanoid()}:` })
    await store.close()
    await expect(store.append('v', createEntry())).rejects.toThrow(/closed/)
    expect(() => store.subscribe('v', () => {})).toThrow(/closed/)
    await store.close()
  })

  it('is what createStore() opens for a redis:// STORE_URL', async () => {
    const store = await createStore(await redisUrl())
    opened.push(store)
    expect(store.kind).toBe('redis')
    await expect(store.ping()).resolves.toBeUndefined()
  })

  it.each(['redis://', 'redis://host/not-a-db', 'redis://:6379'])(
    'refuses the malformed STORE_URL %j with a ConfigError',
    async (url) => {
      const error = await createRedisStore(url).catch((caught: unknown) => caught)
      expect(isConfigError(error)).toBe(true)
      expect(String(error)).toMatch(/STORE_URL: is not a valid Redis URL/)
    },
  )

  it('keeps one consent per version across two instances, and either one erases or prunes it', async () => {
    const prefix = `t:${nanoid()}:`
    const [a, b] = [await openStore({ prefix }), await openStore({ prefix })]
    const visitor = createVisitorId()
    const at = Date.now()
    await Promise.all(
      [a, b, a, b].map((store, i) => store.recordConsent(visitor, { version: 'v1', at: at + i })),
    )
    const [fromA, fromB] = [await a.listConsents(visitor), await b.listConsents(visitor)]
    expect(fromA).toHaveLength(1)
    expect(fromB).toEqual(fromA)
    expect(await b.eraseConsents(visitor)).toBe(1)
    expect(await a.listConsents(visitor)).toEqual([])
    expect((await a.consentStats({ maxAgeMs: 1000 })).total).toBe(0)
    await a.recordConsent(visitor, { version: 'v2', at: at - 10_000 })
    expect(await b.pruneConsents({ maxAgeMs: 1000 })).toBe(1)
    expect(await a.listConsents(visitor)).toEqual([])
  })

  it('fails fast with a clear error when Redis is not there', async () => {
    const error = await createRedisStore('redis://127.0.0.1:1').catch((caught) => caught)
    expect(error).toBeInstanceOf(StoreError)
    expect(String(error.message)).toMatch(/cannot connect to Redis at 127\.0\.0\.1:1.*STORE_URL/)
  })
})
