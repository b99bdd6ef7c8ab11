import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../../kit/redis-server'
import { createRedisAppend } from '../../../../server/store/redis/append'
import type { RedisClient } from '../../../../server/store/redis/connection'
import { redisKeys } from '../../../../server/store/redis/keys'
import type { createRedisClock } from '../../../../server/store/redis/redis-clock'
import { createRedisStore } from '../../../../server/store/redis-store'
import type { Store } from '../../../../server/store/types'
import { REAL_WORK } from '../../../support/timeouts'
import { createEntry, createVisitorId } from '../../support/conformance'

// An entry only the appending instance listens to is delivered by that instance without
// PUBLISH. Two (or three) instances on one real Redis: every listener still gets each
// entry of the log once, in log order.

type Clock = ReturnType<typeof createRedisClock>
const noDeadline = { deadline: () => '', sync: async () => {}, stop() {} } as unknown as Clock

const said = (text: string, size = 0) =>
  createEntry({ content: { type: 'text', text: `${text}${'.'.repeat(size)}` } })

describeRedis('redis delivery without PUBLISH', () => {
  const redis = useRedisServer()

  async function admin() {
    const client = createClient({ url: redis.server.url })
    await client.connect()
    redis.closeAfterTest({ close: () => client.quit() })
    return client
  }

  async function openInstances(count: number): Promise<Store[]> {
    const options = { prefix: `l:${nanoid()}:`, onError: () => {} }
    const stores: Store[] = []
    for (let i = 0; i < count; i += 1)
      stores.push(redis.closeAfterTest(await createRedisStore(redis.server.url, options)))
    return stores
  }

  /** A live listener on `store` for `visitor`: the message ids it gets. */
  async function listen(store: Store, visitor: string) {
    const ids: string[] = []
    const stop = store.subscribe(visitor, (event) => {
      if (event.event === 'message') ids.push(event.data.id)
    })
    await store.readAfter(visitor, undefined, 1)
    return { ids, stop }
  }

  async function publishes(client: Awaited<ReturnType<typeof admin>>): Promise<number> {
    const stats = await client.info('commandstats')
    return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0)
  }

  const logIds = async (store: Store, visitor: string) =>
    (await store.readAfter(visitor, undefined, 10_000)).map((entry) => entry.id)

  it('delivers an entry only this instance listens to without PUBLISH', async () => {
    const [a] = (await openInstances(1)) as [Store]
    const control = await admin()
    const visitor = createVisitorId()
    const { ids } = await listen(a, visitor)
    await control.sendCommand(['CONFIG', 'RESETSTAT'])
    for (const text of ['one', 'two', 'three']) await a.append(visitor, said(text))
    await vi.waitFor(() => expect(ids).toHaveLength(3), REAL_WORK)
    expect(ids).toEqual(await logIds(a, visitor))
    expect(await publishes(control)).toBe(0)
  })

  it('publishes when another instance listens too: both get every entry once, in order', async () => {
    const [a, b] = (await openInstances(2)) as [Store, Store]
    const visitor = createVisitorId()
    const onA = await listen(a, visitor)
    const onB = await listen(b, visitor)
    const writes = []
    for (let n = 0; n < 40; n += 1) writes.push((n % 2 === 0 ? a : b).append(visitor, said(`${n}`)))
    await Promise.all(writes)
    // The last one from A alone: B has nothing of its own after it to read the log for.
    await a.append(visitor, said('last'))
    const log = await logIds(a, visitor)
    expect(log).toHaveLength(41)
    await vi.waitFor(() => expect(onA.ids).toHaveLength(41), REAL_WORK)
    await vi.waitFor(() => expect(onB.ids).toHaveLength(41), REAL_WORK)
    expect(onA.ids).toEqual(log)
    expect(onB.ids).toEqual(log)
  })

  it("delivers another instance's earlier entries before its own, once each, when its own reply comes first", async () => {
    const [a, b] = (await openInstances(2)) as [Store, Store]
    const visitor = createVisitorId()
    const onA = await listen(a, visitor)
    for (let round = 0; round < 3; round += 1) {
      // B's entries are published to A; A's, appended once B has its replies, is not.
      // B's are large, so their copies are still being read off A's pub/sub connection
      // when A's small reply comes back on its commands connection.
      const theirs = Array.from({ length: 12 }, (_, n) => b.append(visitor, said(`b${n}`, 400_000)))
      await Promise.all(theirs)
      await a.append(visitor, said(`a${round}`))
    }
    const log = await logIds(a, visitor)
    expect(log).toHaveLength(39)
    await vi.waitFor(() => expect(onA.ids).toHaveLength(39), REAL_WORK)
    expect(onA.ids).toEqual(log)
  })

  it('sends a burst larger than one script carries as several: all stored, none published', async () => {
    const [a] = (await openInstances(1)) as [Store]
    const control = await admin()
    const visitors = Array.from({ length: 9000 }, () => createVisitorId())
    let delivered = 0
    for (const visitor of visitors)
      a.subscribe(visitor, (event) => {
        if (event.event === 'message') delivered += 1
      })
    await Promise.all(visitors.map((visitor) => a.readAfter(visitor, undefined, 1)))
    await control.sendCommand(['CONFIG', 'RESETSTAT'])
    // One turn, 9000 appends (more than one script carries), each for a channel only A holds.
    await Promise.all(visitors.map((visitor) => a.append(visitor, said('hi'))))
    await vi.waitFor(() => expect(delivered).toBe(visitors.length), REAL_WORK)
    expect(await publishes(control)).toBe(0)
  }, 60_000)

  it("stops counting a closed instance's subscription: its listener left with its connection", async () => {
    const [a, b] = (await openInstances(2)) as [Store, Store]
    const control = await admin()
    const visitor = createVisitorId()
    const { ids } = await listen(a, visitor)
    await listen(b, visitor)
    await a.append(visitor, said('both listen'))
    // B goes away without unsubscribing: its connections close, as a crashed process's do.
    await b.close()
    await vi.waitFor(async () => {
      await control.sendCommand(['CONFIG', 'RESETSTAT'])
      await a.append(visitor, said('A alone'))
      expect(await publishes(control)).toBe(0)
    }, REAL_WORK)
    expect(ids).toEqual(await logIds(a, visitor))
  })

  it("publishes when the caller's own pub/sub connection is gone, so another instance's listener still gets it", async () => {
    const client = await admin()
    const other = await admin()
    const keys = redisKeys(`l:${nanoid()}:`)
    const visitor = createVisitorId()
    // The other instance listens; the caller believes it listens too (its connection was
    // closed by Redis and it has not noticed yet): its own channel has no subscriber.
    const subscriber = other.duplicate()
    await subscriber.connect()
    redis.closeAfterTest({ close: () => subscriber.quit() })
    const received: string[] = []
    await subscriber.subscribe(keys.channel(visitor), (message) => received.push(message))
    const delivered: string[] = []
    const append = createRedisAppend({
      main: client as unknown as RedisClient,
      keys,
      clock: noDeadline,
      commandTimeoutMs: 60_000,
      retention: () => undefined,
      dedupeTtlMs: undefined,
      local: {
        instanceChannel: keys.instance('gone'),
        pin: () => true,
        unpin: () => {},
        deliver: (_visitor, entry) => delivered.push(entry.id),
      },
    })
    const { entry } = await append(visitor, said('for the other instance'))
    await vi.waitFor(() => expect(received).toHaveLength(1), REAL_WORK)
    expect(received[0]?.startsWith(`m${entry.id}\n`)).toBe(true)
    expect(delivered).toEqual([])
  })
})
