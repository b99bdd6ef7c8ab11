import { z } from 'zod'
import type { AgeRetention, RetentionStats } from '../types'
import type { RedisClient } from './connection'
import { runScript } from './scripts'

/** One script call deletes at most this many, so Redis is never blocked long. */
const PRUNE_BATCH = 500

const Count = z.number().int().nonnegative()

/**
 * Runs a prune script over a by-age sorted set in batches until nothing older than the
 * retention is left or `maxDrop` is reached. The script takes `keys`, then ARGV: the cutoff
 * (ms, exclusive), the most to drop, then `args`; it returns how many it dropped.
 */
export async function pruneByAge(
  main: RedisClient,
  script: string,
  keys: string[],
  args: string[],
  retention: AgeRetention,
  now: number,
): Promise<number> {
  const cutoff = now - retention.maxAgeMs
  let left = retention.maxDrop ?? Number.POSITIVE_INFINITY
  let dropped = 0
  while (left > 0) {
    const batch = Math.min(left, PRUNE_BATCH)
    const reply = await runScript(main, script, keys, [String(cutoff), String(batch), ...args])
    const count = Count.parse(reply)
    dropped += count
    left -= count
    if (count < batch) break
  }
  return dropped
}

/** How many a by-age sorted set holds, how many are past the retention, and the newest time. */
export async function statsByAge(
  main: RedisClient,
  byAge: string,
  retention: AgeRetention,
  now: number,
): Promise<RetentionStats> {
  const cutoff = now - retention.maxAgeMs
  const [total, expired, newest] = await Promise.all([
    main.zCard(byAge),
    main.zCount(byAge, '-inf', `(${cutoff}`),
    main.zRangeWithScores(byAge, -1, -1),
  ])
  return { total, expired, newestAt: newest[0]?.score }
}
