import { describe, expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { createLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createByteQuota } from '../../../server/uploads/byte-quota'
import { useRedisInstances } from '../support/redis-instances'

const KB = 1024
const MB = 1024 * KB
const DAY = 86_400_000

describe('createByteQuota in this process', () => {
  it('takes bytes until the limit, refuses what does not fit without counting it, gives back', async () => {
    const quota = createByteQuota({
      name: 'q',
      limitBytes: MB,
      windowMs: DAY,
      store: createMemoryStore(),
      logger: createLogger({ write: () => {} }),
    })
    expect(await quota.take('v', 600 * KB)).toBeUndefined()
    const wait = await quota.take('v', 600 * KB)
    expect(wait).toBeGreaterThan(DAY / 1000 - 60)
    expect(wait).toBeLessThanOrEqual(DAY / 1000)
    // The refusal took nothing: 424 KB still fit.
    expect(await quota.take('v', 424 * KB)).toBeUndefined()
    expect(await quota.take('v', 1 * KB)).toBeDefined()
    await quota.giveBack('v', 500 * KB)
    expect(await quota.take('v', 500 * KB)).toBeUndefined()
    // Another key has its own.
    expect(await quota.take('w', MB)).toBeUndefined()
  })
})

describeRedis('createByteQuota on Redis', () => {
  const redis = useRedisInstances()

  it('counts on this instance while Redis is away, with one warning, and shares again after', async () => {
    const logs: string[] = []
    const logger = createLogger({ write: (line) => logs.push(line) })
    const store = await redis.openStore({
      prefix: `porthole-bq-${process.pid}:`,
      maxReconnectDelayMs: 50,
      logger,
    })
    const options = { name: 'q', limitBytes: MB, windowMs: DAY, store, logger }
    const first = createByteQuota(options)
    const second = createByteQuota(options)
    expect(await first.take('ip', 600 * KB)).toBeUndefined()
    // Shared: the other instance sees the 600 KB.
    expect(await second.take('ip', 600 * KB)).toBeDefined()

    await redis.server.restart(async () => {
      // Away: uploads are still answered, counted here.
      expect(await first.take('ip', 900 * KB)).toBeUndefined()
      expect(await first.take('ip', 200 * KB)).toBeDefined()
    })
    const warnings = logs.filter((line) => line.includes('upload quotas: Redis unreachable'))
    expect(warnings).toHaveLength(1)
    // Back: counted on Redis again (without persistence it starts afresh).
    for (let i = 0; i < 200 && !logs.some((l) => l.includes('upload quotas: Redis is back')); i++) {
      await first.take('fresh', KB)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(logs.some((line) => line.includes('upload quotas: Redis is back'))).toBe(true)
  }, 20_000)
})
