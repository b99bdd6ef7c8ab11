import { nanoid } from 'nanoid'
import { afterEach, expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { StoreError } from '../../../server/store/errors'
import { createRedisStore } from '../../../server/store/redis-store'
import { ErrorBody } from '../../../shared/protocol/errors'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createEntry, createVisitorId } from '../support/conformance'
import { createTestApp, type TestApp } from '../support/test-app'

// A Redis that freezes (SIGSTOP) keeps its sockets open and answers nothing. Each test
// thaws it only after the requests made meanwhile have answered, so without a command
// timeout the test runs into its own time limit instead of passing.

const RECOVERY = { timeout: 20_000, interval: 50 }
const TIMEOUT_MS = 300
const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`

describeRedis('redis store when Redis freezes (SIGSTOP)', () => {
  const redis = useRedisServer()
  let t: TestApp | undefined
  afterEach(() => {
    t?.stop()
    if (redis.server.owned) redis.server.thaw()
  })

  async function openStore() {
    return redis.closeAfterTest(
      await createRedisStore(redis.server.url, {
        prefix: `f:${nanoid()}:`,
        commandTimeoutMs: TIMEOUT_MS,
        maxReconnectDelayMs: 100,
        onError: vi.fn(),
      }),
    )
  }

  it('fails commands after the timeout, and an append that runs after it writes nothing', async (context) => {
    if (!redis.server.owned) context.skip()
    const store = await openStore()
    const visitor = createVisitorId()
    const { entry: before } = await store.append(visitor, createEntry())

    redis.server.freeze()
    await expect(store.ping()).rejects.toThrow(/REDIS_TIMEOUT_MS/)
    await expect(
      store.append(visitor, createEntry(), { dedupeKey: 'a3:frozen-1' }),
    ).rejects.toThrow(StoreError)
    await expect(store.getRecord('session-generation:x', ErrorBody)).rejects.toThrow(StoreError)
    redis.server.thaw()

    await vi.waitFor(() => expect(store.ping()).resolves.toBeUndefined(), RECOVERY)
    // The append Redis ran once it thawed was past its deadline: nothing stored, and the
    // sender's retry is a new entry, not a duplicate of one it was told had failed.
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([before])
    const retry = await store.append(visitor, createEntry(), { dedupeKey: 'a3:frozen-1' })
    expect(retry.duplicate).toBe(false)
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([before, retry.entry])
  }, 60_000)

  it('answers 503 to the A3 webhook, new sessions and /healthz while frozen; the retry is stored once', async (context) => {
    if (!redis.server.owned) context.skip()
    const store = await openStore()
    t = createTestApp({ store })
    const visitor = createVisitorId()
    const body = createAgentMessage({ recipientId: visitor })
    const hook = () =>
      t?.app.request(HOOK, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    // Loads the append script into Redis's cache first.
    expect((await hook())?.status).toBe(200)
    const second = createAgentMessage({ recipientId: visitor })
    const deliverSecond = () =>
      t?.app.request(HOOK, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(second),
      })

    redis.server.freeze()
    expect((await deliverSecond())?.status).toBe(503)
    const session = await t.request('/api/session', { body: {} })
    expect(session.status).toBe(503)
    expect(session.headers.get('retry-after')).toBe('5')
    expect(ErrorBody.parse(await session.json()).error.code).toBe('store_unavailable')
    const health = await t.request('/healthz')
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'unavailable' })
    redis.server.thaw()

    await vi.waitFor(() => expect(store.ping()).resolves.toBeUndefined(), RECOVERY)
    expect((await deliverSecond())?.status).toBe(200)
    const texts = (await store.readAfter(visitor, undefined, 10)).map((entry) => entry.content)
    expect(texts).toHaveLength(2)
    expect((await t.request('/healthz')).status).toBe(200)
  }, 60_000)
})
