import { afterAll, beforeAll, expect, it } from 'vitest'
import { GLOBAL_WRONG_PASSWORDS_PER_MINUTE } from '../../../server/admin/login-brake'
import { runtimeOf } from '../../../server/app'
import { createLogger } from '../../../server/logging/logger'
import { createRedisStore } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import { describeRedis, type RedisServer, startRedisServer } from '../../support/redis-server'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'

describeRedis('the studio login brake on Redis', () => {
  let redis: RedisServer
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

  it('counts wrong passwords of every instance together', async () => {
    const prefix = `porthole-brake-test-${process.pid}:`
    const instance = async () => {
      const store = await createRedisStore(redis.url, {
        prefix,
        logger: createLogger({ write: () => {} }),
      })
      stores.push(store)
      const t = createTestApp({
        store,
        config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' }),
      })
      apps.push(t)
      await runtimeOf(t.app).settings.start()
      return t
    }
    const [first, second] = [await instance(), await instance()]
    const login = (t: TestApp, ip: string, password: string) =>
      t.app.request('/admin/login', {
        method: 'POST',
        headers: {
          origin: 'http://porthole.test',
          'content-type': 'application/json',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ password }),
      })
    // Half the limit on each instance, from addresses each within their own limit.
    for (let n = 0; n < GLOBAL_WRONG_PASSWORDS_PER_MINUTE; n++) {
      const res = await login(n % 2 ? second : first, `203.0.113.${n}`, `guess-${n}`)
      expect(res.status).toBe(401)
    }
    for (const t of [first, second]) {
      const held = await login(t, '198.51.100.9', PASSWORD)
      expect(held.status).toBe(429)
      expect(await held.json()).toMatchObject({ error: { code: 'too_many_attempts' } })
    }
  })
})
