import { expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { GLOBAL_WRONG_PASSWORDS_PER_MINUTE } from '../../../server/admin/login-brake'
import { runtimeOf } from '../../../server/app'
import { createLogger } from '../../../server/logging/logger'
import { createTestConfig } from '../../support/test-config'
import { useRedisInstances } from '../support/redis-instances'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'

describeRedis('the studio login brake on Redis', () => {
  const redis = useRedisInstances()

  it('counts wrong passwords of every instance together', async () => {
    const prefix = `porthole-brake-test-${process.pid}:`
    const instance = async () => {
      const store = await redis.openStore({ prefix, logger: createLogger({ write: () => {} }) })
      const t = redis.track(
        createTestApp({
          store,
          config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' }),
        }),
      )
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
