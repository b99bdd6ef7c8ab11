import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { afterEach, expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { writeAlias } from '../../../server/session/alias'
import { createRedisStore } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { REAL_WORK } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { createTestApp, type TestApp } from '../support/test-app'

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`
const WEBHOOKS = 300

describeRedis('A3 webhook on the redis: store', () => {
  const redis = useRedisServer()
  let t: TestApp | undefined
  afterEach(() => t?.stop())

  async function deliver(body: unknown) {
    const res = await t?.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return res?.json()
  }

  it(`stores ${WEBHOOKS} replies to guests, merged or not, with one Redis command per batch of webhooks in flight together (no alias read)`, async () => {
    const prefix = `t:${nanoid()}:`
    const store: Store = redis.closeAfterTest(await createRedisStore(redis.server.url, { prefix }))
    t = createTestApp({ store })
    const merged = nanoid()
    const plain = nanoid()
    await writeAlias(store, merged, { visitorId: 'user:ann' }, 60_000)
    // Loads the append script into Redis's cache (a fresh server answers NOSCRIPT once).
    expect(await deliver(createAgentMessage({ recipientId: nanoid() }))).toEqual({ result: 'ok' })
    // Every command a client sends, as Redis runs it; those a script runs are marked "lua".
    const monitor = redis.closeAfterTest(createClient({ url: redis.server.url }))
    await monitor.connect()
    const commands: string[] = []
    await monitor.monitor((line) => {
      if (!line.includes(prefix) || line.includes(' lua]')) return
      commands.push(/\] "(\w+)"/.exec(line)?.[1]?.toLowerCase() ?? line)
    })
    // The store's own connection check, if any, has been seen before the webhooks start.
    await new Promise((resolve) => setTimeout(resolve, 50))
    commands.length = 0
    const bodies = Array.from({ length: WEBHOOKS }, (_, i) =>
      createAgentMessage({ recipientId: i % 2 ? merged : plain }),
    )
    for (let i = 0; i < WEBHOOKS; i += 50) {
      const answers = await Promise.all(bodies.slice(i, i + 50).map(deliver))
      expect(answers.every((answer) => answer?.result === 'ok')).toBe(true)
    }
    await vi.waitFor(() => expect(commands.length).toBeGreaterThan(0), REAL_WORK)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(commands.filter((name) => name !== 'evalsha')).toEqual([])
    // 50 at a time: the appends of one event-loop turn share one script call.
    expect(commands.length).toBeLessThanOrEqual(WEBHOOKS / 10)
    expect(await store.readAfter('user:ann', undefined, WEBHOOKS)).toHaveLength(WEBHOOKS / 2)
    expect(await store.readAfter(plain, undefined, WEBHOOKS)).toHaveLength(WEBHOOKS / 2)
    expect(await store.readAfter(merged, undefined, WEBHOOKS)).toEqual([])
  })
})
