import type { Scenario } from './context'
import { withRedis, withStack } from './context'
import { twoWayUnderFault } from './two-way'

/**
 * Row 6: the backend on Redis (STORE_URL=redis://…), redis-server killed (-9) and
 * restarted on the same port during traffic both ways. Redis persists every write
 * (appendonly, fsync always), as it must for a store that promises nothing is lost.
 */
export const redisScenario: Scenario = (context) =>
  withRedis('6. Redis restart', (redis) =>
    withStack(context, { STORE_URL: redis.url }, (stack) =>
      twoWayUnderFault(
        context,
        stack,
        { label: '6. Redis kill -9 + restart', down: () => redis.kill(), up: () => redis.start() },
        'redis',
      ),
    ),
  )
