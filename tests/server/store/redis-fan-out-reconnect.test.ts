import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { createRedisStore } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import { createEntry, createVisitorId } from '../support/conformance'

// The fan-out across lost pub/sub connections, on a real Redis: while hundreds of entries
// are appended, the subscriber connection is killed again and again (or the server
// restarted); every listener must get each entry of the log exactly once, in log order.

const RECOVERY = { timeout: 20_000, interval: 50 }
const ENTRIES = 600

describeRedis('redis fan-out across reconnections', () => {
  const redis = useRedisServer({ persistence: true })

  async function openPair() {
    const options = { prefix: `f:${nanoid()}:`, maxReconnectDelayMs: 20, onError: () => {} }
    const reader = redis.closeAfterTest(await createRedisStore(redis.server.url, options))
    const writer = redis.closeAfterTest(await createRedisStore(redis.server.url, options))
    return { reader, writer }
  }

  /** A listener on `store` for `visitor` that records the message ids it gets. */
  function listen(store: Store, visitor: string) {
    const ids: string[] = []
    store.subscribe(visitor, (event) => {
      if (event.event === 'message') ids.push(event.data.id)
    })
    return ids
  }

  async function admin() {
    const client = createClient({ url: redis.server.url })
    await client.connect()
    return client
  }

  async function logIds(store: Store, visitor: string): Promise<string[]> {
    return (await store.readAfter(visitor, undefined, ENTRIES * 2)).map((entry) => entry.id)
  }

  it('delivers each of 600 entries once and in order while the pub/sub connection is killed again and again', async (context) => {
    if (!redis.server.owned) context.skip()
    const { reader, writer } = await openPair()
    const visitor = createVisitorId()
    const first = listen(reader, visitor)
    await reader.readAfter(visitor, undefined, 1)
    const control = await admin()
    try {
      for (let n = 0; n < ENTRIES; n += 1) {
        await writer.append(visitor, createEntry({ content: { type: 'text', text: `m${n}` } }))
        // A kill every 40 entries; a second listener joins mid-stream, after one.
        if (n % 40 === 20) await control.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub'])
        if (n === 300) listen(reader, visitor)
      }
    } finally {
      await control.close()
    }
    const log = await logIds(writer, visitor)
    expect(log).toHaveLength(ENTRIES)
    await vi.waitFor(() => expect(first).toHaveLength(ENTRIES), RECOVERY)
    expect(first).toEqual(log)
  }, 60_000)

  it('delivers each entry once to listeners that subscribe while the pub/sub connection is away', async (context) => {
    // It changes the server's password for a moment: never on a REDIS_URL server.
    if (!redis.server.owned) context.skip()
    const { reader, writer } = await openPair()
    const early = createVisitorId()
    const late = createVisitorId()
    const earlyIds = listen(reader, early)
    await reader.readAfter(early, undefined, 1)
    const control = await admin()
    const password = nanoid()
    let lateIds: string[] = []
    try {
      for (let n = 0; n < 50; n += 1) await writer.append(early, createEntry())
      // The subscriber cannot come back until the password is gone: meanwhile entries are
      // appended, and a listener for another visitor subscribes.
      await control.configSet('requirepass', password)
      await control.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub'])
      for (let n = 0; n < 50; n += 1) await writer.append(early, createEntry())
      lateIds = listen(reader, late)
      // The subscription's starting point is read on the reader's own connection at once;
      // a command after it there returns once it was taken. Without this the writer's
      // first append (another connection, as from another instance) could reach Redis
      // first and be taken for history: a stream gets such an entry from its replay,
      // which reads the log after subscribing (tests/server/events), not from here.
      await reader.ping()
      for (let n = 0; n < 100; n += 1) {
        await writer.append(n % 2 ? early : late, createEntry())
      }
      await control.configSet('requirepass', '')
      for (let n = 0; n < 100; n += 1) {
        await writer.append(n % 2 ? early : late, createEntry())
      }
    } finally {
      await control.configSet('requirepass', '')
      await control.close()
    }
    const earlyLog = await logIds(writer, early)
    await vi.waitFor(() => expect(earlyIds).toHaveLength(earlyLog.length), RECOVERY)
    expect(earlyIds).toEqual(earlyLog)
    // The late listener subscribed after 100 entries of `early` and none of `late`: it gets
    // every `late` entry appended after it subscribed, which is all of them.
    const lateLog = await logIds(writer, late)
    await vi.waitFor(() => expect(lateIds).toHaveLength(lateLog.length), RECOVERY)
    expect(lateIds).toEqual(lateLog)
  }, 60_000)

  it('delivers each entry once and in order across a restart of the Redis server mid-stream', async (context) => {
    if (!redis.server.owned) context.skip()
    const { reader, writer } = await openPair()
    const visitor = createVisitorId()
    const ids = listen(reader, visitor)
    await reader.readAfter(visitor, undefined, 1)
    const append = async (count: number) => {
      for (let n = 0; n < count; n += 1) await writer.append(visitor, createEntry())
    }
    await append(200)
    await redis.server.restart()
    await vi.waitFor(() => expect(writer.ping()).resolves.toBeUndefined(), RECOVERY)
    await append(200)
    const log = await logIds(writer, visitor)
    expect(log).toHaveLength(400)
    await vi.waitFor(() => expect(ids).toHaveLength(400), RECOVERY)
    expect(ids).toEqual(log)
  }, 60_000)
})
