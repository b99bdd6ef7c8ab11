import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { runtimeOf } from '../../../server/app'
import { createRedisStore } from '../../../server/store/redis-store'
import type { VisitorEvent } from '../../../server/store/types'
import { SessionResponse } from '../../../shared/widget-api'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

describeRedis('a resume link’s hand-over on two instances sharing Redis', () => {
  const redis = useRedisServer()
  let clock: number
  let prefix: string
  let apps: TestApp[]

  beforeEach(() => {
    clock = Date.parse('2026-03-02T10:00:00Z')
    prefix = `porthole-resume-${randomUUID().slice(0, 8)}:`
    apps = []
  })
  afterEach(() => {
    for (const t of apps) t.stop()
  })

  async function instance(): Promise<TestApp> {
    const store = redis.closeAfterTest(
      await createRedisStore(redis.server.url, { prefix, now: () => clock }),
    )
    const t = createTestApp({ store, now: () => clock })
    apps.push(t)
    return t
  }

  async function exchange(t: TestApp, body: Record<string, unknown>) {
    const res = await t.request('/api/session', { body })
    expect(res.status).toBe(200)
    return SessionResponse.parse(await res.json())
  }

  /** Two instances on the Redis, a visitor of the first, and the token of a resume link to them. */
  async function twoInstancesAndALink() {
    const [a, b] = [await instance(), await instance()]
    const visitor = await a.newVisitor()
    const url = await runtimeOf(a.app).resume.createResumeUrl({ visitorId: visitor.visitorId })
    return { a, b, visitor, link: url.slice(url.indexOf('/r/') + 3) }
  }

  it('signs the link’s other holders out on the other instance too, and ends their streams there', async () => {
    const { a, b, visitor: sender, link } = await twoInstancesAndALink()
    const events: VisitorEvent[] = []
    const unsubscribe = a.deps.store.subscribe(sender.visitorId, (event) => events.push(event))
    clock += 1000
    const device = createClientId()
    const opened = await exchange(b, { resume: link, device })
    expect(opened).toMatchObject({ visitorId: sender.visitorId, resumed: 'ok' })
    // Instance A reads the new generation from Redis: the sender's token is dead there.
    expect((await a.request('/api/history', { token: sender.token })).status).toBe(401)
    expect((await a.request('/api/history', { token: opened.token })).status).toBe(200)
    await expect.poll(() => events.map((event) => event.event)).toContain('revoked')
    unsubscribe()
    // A retry on A from the same device gets it again; another device there does not.
    expect((await exchange(a, { resume: link, device })).resumed).toBe('ok')
    expect((await exchange(a, { resume: link, device: createClientId() })).resumed).toBe('used')
  })

  it('hands a link over to exactly one of two devices exchanging it at once on two instances', async () => {
    const { a, b, link } = await twoInstancesAndALink()
    clock += 1000
    const answers = await Promise.all(
      [a, b, a, b].map((t) => exchange(t, { resume: link, device: createClientId() })),
    )
    const opened = answers.filter((answer) => answer.resumed === 'ok')
    expect(opened).toHaveLength(1)
    expect(answers.filter((answer) => answer.resumed === 'used')).toHaveLength(3)
  })
})
