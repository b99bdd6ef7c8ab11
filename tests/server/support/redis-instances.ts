import { afterAll, beforeAll } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../kit/redis-server'
import { createRedisStore, type RedisStoreOptions } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import type { TestApp } from './test-app'

/**
 * Inside a `describeRedis`: one redis-server for the suite, and the stores and test apps
 * (the instances of one deployment) opened on it, all stopped after the suite's last test.
 * @example const redis = useRedisInstances(); const store = await redis.openStore({ prefix })
 */
export function useRedisInstances() {
  let redis: RedisServer | undefined
  const stores: Store[] = []
  const apps: TestApp[] = []
  beforeAll(async () => {
    redis = await startRedisServer()
  }, 20_000)
  afterAll(async () => {
    for (const app of apps) app.stop()
    for (const store of stores) await store.close().catch(() => {})
    await redis?.stop()
  })
  const url = (): string => {
    if (!redis) throw new Error('useRedisInstances() starts Redis in beforeAll')
    return redis.url
  }
  return {
    get url(): string {
      return url()
    },
    /** The suite's redis-server (to restart it). */
    get server(): RedisServer {
      if (!redis) throw new Error('useRedisInstances() starts Redis in beforeAll')
      return redis
    },
    /** A store on the suite's Redis, closed after the suite. */
    async openStore(options: RedisStoreOptions): Promise<Store> {
      const store = await createRedisStore(url(), options)
      stores.push(store)
      return store
    },
    /** Stops `app` after the suite. */
    track<T extends TestApp>(app: T): T {
      apps.push(app)
      return app
    },
  }
}
