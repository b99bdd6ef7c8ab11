import { expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { createRateLimiter, perMinuteLimiter } from '../../../server/http/rate-limit'
import { createLogger } from '../../../server/logging/logger'
import type { Store } from '../../../server/store/types'
import { createTestConfig } from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { useRedisInstances } from '../support/redis-instances'
import { createTestApp, type TestApp } from '../support/test-app'

let run = 0
const prefix = () => `porthole-rl-test-${process.pid}-${++run}:`

describeRedis('rate limits on Redis', () => {
  const redis = useRedisInstances()

  const openStore = (storePrefix: string, logs?: string[]): Promise<Store> =>
    redis.openStore({
      prefix: storePrefix,
      maxReconnectDelayMs: 50,
      logger: createLogger({ write: (line) => logs?.push(line) }),
    })

  it('two app instances on one Redis share the limit (sessions per address)', async () => {
    const shared = prefix()
    const config = createTestConfig({}, { RATE_LIMIT_SESSIONS_PER_MINUTE: '4', TRUST_PROXY: '1' })
    const first = createTestApp({ config, store: await openStore(shared) })
    const second = createTestApp({ config, store: await openStore(shared) })
    redis.track(first)
    redis.track(second)
    const session = (app: TestApp, ip: string) =>
      app.request('/api/session', { body: {}, headers: { 'x-forwarded-for': ip } })

    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await session(i % 2 ? second : first, '203.0.113.7')).status)
    // Four in all, not four per instance.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    const refused = await session(first, '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } })
    // Another address has its own budget, on either instance.
    expect((await session(second, '198.51.100.1')).status).toBe(200)
  })

  it('keeps deployments with different store prefixes apart', async () => {
    const a = perMinuteLimiter(await openStore(prefix()), createLogger(), 'messages-per-ip', 1)
    const b = perMinuteLimiter(await openStore(prefix()), createLogger(), 'messages-per-ip', 1)
    expect(await a.hit('ip')).toBeUndefined()
    expect(await b.hit('ip')).toBeUndefined()
    expect(await a.hit('ip')).toBeGreaterThanOrEqual(59)
  })

  it('counts a burst from many instances exactly (no lost or doubled hits)', async () => {
    const shared = prefix()
    const limiters = await Promise.all(
      Array.from({ length: 4 }, async () =>
        perMinuteLimiter(await openStore(shared), createLogger(), 'messages-per-visitor', 120),
      ),
    )
    const verdicts = await Promise.all(
      Array.from({ length: 400 }, (_, i) => limiters[i % 4]?.hit('visitor-1')),
    )
    expect(verdicts.filter((verdict) => verdict === undefined)).toHaveLength(120)
  })

  it('fails open to counting on this instance while Redis is away, with one warning, and shares again after', async () => {
    const logs: string[] = []
    const store = await openStore(prefix(), logs)
    const counters = store.sharedCounters
    if (!counters) throw new Error('the redis store has shared counters')
    const logger = createLogger({ write: (line) => logs.push(line) })
    const shared = { ...counters, logger }
    const sessions = createRateLimiter({ name: 's', limit: 2, windowMs: 60_000, shared })
    const messages = createRateLimiter({ name: 'm', limit: 100, windowMs: 60_000, shared })
    expect(await sessions.hit('ip')).toBeUndefined()

    await redis.server.restart(async () => {
      // Redis is down: every request is still answered, limits hold per instance.
      expect(await sessions.hit('ip')).toBeUndefined()
      expect(await sessions.hit('ip')).toBeUndefined()
      expect(await sessions.hit('ip')).toBeGreaterThanOrEqual(59)
      for (let i = 0; i < 50; i++) expect(await messages.hit(`v${i}`)).toBeUndefined()
    })
    const warnings = logs.map((line) => JSON.parse(line)).filter((r) => r.level === 'warn')
    expect(warnings.filter((r) => r.msg.startsWith('rate limits: Redis unreachable'))).toHaveLength(
      1,
    )
    // The store's own warning about the lost connection went through the same logger.
    const storeWarning = warnings.find((r) => r.msg.startsWith('Redis commands connection lost'))
    expect(storeWarning).toMatchObject({ store: 'redis', code: 'store_failed' })

    // Back (without persistence the shared count starts again): counted on Redis again.
    await waitFor(async () => (await sessions.hit('fresh')) === undefined && !isDown(logs))
    expect(logs.some((line) => line.includes('rate limits: Redis is back'))).toBe(true)
  }, 20_000)
})

function isDown(logs: string[]): boolean {
  const last = logs.filter((line) => line.includes('rate limits: Redis')).at(-1)
  return last?.includes('unreachable') ?? false
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs = REAL_WORK_TIMEOUT_MS,
): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for Redis to come back')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
