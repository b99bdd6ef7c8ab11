import { findRedisServer, startDrillRedis } from '../redis'
import { failedRow } from '../report'
import type { Scenario } from './context'
import { withStack } from './context'
import { twoWayUnderFault } from './two-way'

/**
 * Row 6: the backend on Redis (STORE_URL=redis://…), redis-server killed (-9) and
 * restarted on the same port during traffic both ways. Redis persists every write
 * (appendonly, fsync always), as it must for a store that promises nothing is lost.
 */
export const redisScenario: Scenario = async (context) => {
  const binary = findRedisServer()
  if (!binary)
    return [
      failedRow(
        '6. Redis restart',
        new Error('no redis-server binary found: install redis-server to run this row'),
      ),
    ]
  const redis = await startDrillRedis(binary)
  try {
    return await withStack(context, { STORE_URL: redis.url }, (stack) =>
      twoWayUnderFault(
        context,
        stack,
        { label: '6. Redis kill -9 + restart', down: () => redis.kill(), up: () => redis.start() },
        'redis',
      ),
    )
  } finally {
    await redis.close()
  }
}
