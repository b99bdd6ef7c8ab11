import { nanoid } from 'nanoid'
import { afterAll, expect, it } from 'vitest'
import { describeRedis, type RedisServer, startRedisServer } from '../../../../kit/redis-server'
import type { RedisClient } from '../../../../server/store/redis/connection'
import { eraseRedisVisitor } from '../../../../server/store/redis/erase'
import { redisKeys } from '../../../../server/store/redis/keys'
import { createRedisStore } from '../../../../server/store/redis-store'
import type { Store } from '../../../../server/store/types'
import { createEntry, createVisitorId } from '../../support/conformance'

describeRedis('redis erasure racing an append', () => {
  let server: RedisServer | undefined
  let store: Store | undefined
  let client: RedisClient | undefined
  afterAll(async () => {
    await client?.quit()
    await store?.close()
    await server?.stop()
  })

  it('an agent message appended while the log is read leaves no dedupe key behind', async () => {
    server = await startRedisServer()
    const prefix = `t:${nanoid()}:`
    store = await createRedisStore(server.url, { prefix })
    const { createClient } = await import('redis')
    client = createClient({ url: server.url })
    await client.connect()
    const visitor = createVisitorId()
    await store.append(visitor, createEntry(), { dedupeKey: 'a3:first' })
    const appending = store
    // Every read of the log lets an agent message in just after it (the race).
    const racing = new Proxy(client, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver)
        if (name === 'xRange' && typeof value === 'function')
          return async (...args: unknown[]) => {
            const rows = await value.apply(target, args)
            await appending.append(visitor, createEntry(), { dedupeKey: `a3:${nanoid()}` })
            return rows
          }
        return typeof value === 'function' ? value.bind(target) : value
      },
    }) as RedisClient

    await eraseRedisVisitor(racing, redisKeys(prefix), visitor, { records: [], indexes: [] })

    const left: string[] = []
    for await (const batch of client.scanIterator({ MATCH: `${prefix}dedupe:*` }))
      left.push(...batch)
    expect(left).toEqual([])
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([])
  })
})
