import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { runtimeOf } from '../../../server/app'
import { POLL_MS } from '../../../server/help/store/redis-article-store'
import { createTestConfig } from '../../support/test-config'
import { useRedisInstances } from '../support/redis-instances'
import { createTestApp, type TestApp } from '../support/test-app'

const TOKEN = 'admin-token-0123456789abcdef'
const ADMIN = { authorization: `Bearer ${TOKEN}` }

describeRedis('help articles on two instances over one Redis', () => {
  const redis = useRedisInstances()

  async function instance(prefix: string): Promise<TestApp> {
    const store = await redis.openStore({ prefix })
    const app = redis.track(
      createTestApp({
        store,
        config: createTestConfig(
          {},
          { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN: TOKEN },
        ),
      }),
    )
    await runtimeOf(app.app).help.start()
    return app
  }
  const save = (app: TestApp, id: string, title: string) =>
    app.request(`/admin/api/help/articles/${id}`, {
      method: 'PUT',
      headers: ADMIN,
      body: {
        title,
        body: 'Parcels leave the warehouse daily.',
        language: 'en',
        published: true,
        featured: false,
      },
    })
  const found = async (app: TestApp, q: string) => {
    const answer = await (await app.request(`/api/help/search?q=${encodeURIComponent(q)}`)).json()
    return answer.results.map((r: { id: string }) => r.id)
  }

  it('polls each second, so a save on A is found on B within 2 s', () => {
    expect(POLL_MS).toBeLessThanOrEqual(1000)
  })

  it('finds on B what A saved, and forgets on B what A deleted', async () => {
    const prefix = `help${randomUUID().slice(0, 8)}:`
    const a = await instance(prefix)
    const b = await instance(prefix)
    expect((await save(a, 'shipping', 'Shipping times warehouse')).status).toBe(200)
    await expect.poll(() => found(b, 'shipping times warehouse')).toEqual(['shipping'])
    // The unanswered list is the store's: B lists what A's visitor gave up on.
    await a.request('/api/help/events', {
      method: 'POST',
      body: { type: 'unanswered', query: 'can I pay with bitcoin', lang: 'en' },
    })
    const stats = async () =>
      (await (await b.request('/admin/api/help/stats', { headers: ADMIN })).json()).unanswered
    await expect
      .poll(stats)
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ question: 'can i pay with bitcoin', language: 'en', count: 1 }),
        ]),
      )
    await a.request('/admin/api/help/articles/shipping', { method: 'DELETE', headers: ADMIN })
    await expect.poll(() => found(b, 'shipping times warehouse')).toEqual([])
  })

  it('reloads everything when Redis comes back without its data', async () => {
    const prefix = `help${randomUUID().slice(0, 8)}:`
    const a = await instance(prefix)
    const b = await instance(prefix)
    await save(a, 'old-one', 'Shipping times warehouse')
    await expect.poll(() => found(b, 'shipping times warehouse')).toEqual(['old-one'])
    await redis.server.restart()
    // A's own save lands in an empty Redis: B must drop old-one, which Redis no longer holds.
    await expect
      .poll(async () => (await save(a, 'new-one', 'Warehouse shipping times')).status)
      .toBe(200)
    await expect.poll(() => found(b, 'shipping times warehouse')).toEqual(['new-one'])
  })
})
