import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { StoreError } from '../../../server/store/errors'
import { createRedisStore } from '../../../server/store/redis-store'
import type { VisitorEvent } from '../../../server/store/types'
import { REAL_WORK } from '../../support/timeouts'
import { createEntry, createVisitorId } from '../support/conformance'

const RECOVERY = { timeout: 20_000, interval: 50 }

describeRedis('redis store when Redis goes away', () => {
  // appendonly + fsync always: what the README tells production to run.
  const redis = useRedisServer({ persistence: true })

  /** Two instances of Porthole on one Redis: `reader` streams, `writer` gets the webhooks. */
  async function openPair(onError = vi.fn()) {
    const prefix = `r:${nanoid()}:`
    const options = { prefix, maxReconnectDelayMs: 100, onError }
    const reader = redis.closeAfterTest(await createRedisStore(redis.server.url, options))
    const writer = redis.closeAfterTest(await createRedisStore(redis.server.url, options))
    const visitor = createVisitorId()
    const events: VisitorEvent[] = []
    reader.subscribe(visitor, (event) => events.push(event))
    await reader.readAfter(visitor, undefined, 1)
    const delivered = () =>
      events.flatMap((event) => (event.event === 'message' ? [event.data.id] : []))
    return { reader, writer, visitor, delivered, onError }
  }

  it('resubscribes after a restart and keeps every acknowledged entry', async (context) => {
    if (!redis.server.owned) context.skip()
    const { reader, writer, visitor, delivered, onError } = await openPair()
    const { entry: before } = await writer.append(visitor, createEntry())
    await vi.waitFor(() => expect(delivered()).toEqual([before.id]), REAL_WORK)

    await redis.server.restart(async () => {
      // While Redis is down, operations fail at once (a webhook gets a non-ok answer
      // and the service retries) instead of hanging.
      await vi.waitFor(() => expect(writer.ping()).rejects.toThrow(StoreError), RECOVERY)
      await expect(writer.append(visitor, createEntry())).rejects.toThrow(/reachable/)
    })

    await vi.waitFor(() => expect(writer.ping()).resolves.toBeUndefined(), RECOVERY)
    const { entry: after } = await writer.append(visitor, createEntry())
    await vi.waitFor(() => expect(delivered()).toEqual([before.id, after.id]), RECOVERY)
    expect(await reader.readAfter(visitor, undefined, 10)).toEqual([before, after])
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/connection lost/) }),
    )
  })

  it('delivers what was appended while only its pub/sub connection was away, once, in order', async (context) => {
    // It changes the server's password for a moment: never on a REDIS_URL server.
    if (!redis.server.owned) context.skip()
    const { writer, visitor, delivered } = await openPair()
    const { entry: first } = await writer.append(visitor, createEntry())
    await vi.waitFor(() => expect(delivered()).toEqual([first.id]), REAL_WORK)

    const admin = createClient({ url: redis.server.url })
    await admin.connect()
    const password = nanoid()
    try {
      // Connections already open stay authenticated; a reconnecting subscriber cannot
      // resubscribe until the password is gone, so these appends reach it only by catch-up.
      await admin.configSet('requirepass', password)
      await admin.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub'])
      const missed: string[] = []
      for (let i = 0; i < 3; i++)
        missed.push((await writer.append(visitor, createEntry())).entry.id)
      expect(delivered()).toEqual([first.id])
      await admin.configSet('requirepass', '')
      await vi.waitFor(() => expect(delivered()).toEqual([first.id, ...missed]), RECOVERY)
      const { entry: live } = await writer.append(visitor, createEntry())
      await vi.waitFor(() => expect(delivered()).toEqual([first.id, ...missed, live.id]), RECOVERY)
    } finally {
      await admin.configSet('requirepass', '')
      await admin.close()
    }
  })
})
