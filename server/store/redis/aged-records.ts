import { z } from 'zod'
import { StoreError } from '../errors'
import type { AgedKind, AgeRetention, RetentionStats } from '../types'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'
import { runScript } from './scripts'

/**
 * KEYS: the kind's by-age set, the set of record keys. ARGV: cutoff ms (exclusive), most
 * to drop, the records' key prefix. Deletes the oldest records before the cutoff; returns how many.
 */
const PRUNE_SCRIPT = `
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, key in ipairs(members) do
  redis.call('DEL', ARGV[3] .. key)
  redis.call('SREM', KEYS[2], key)
  redis.call('ZREM', KEYS[1], key)
end
return #members
`

/** One script call deletes at most this many, so Redis is never blocked long. */
const PRUNE_BATCH = 500

const Count = z.number().int().nonnegative()

/**
 * The redis: store's aged records (Store's AgedRecords role, without the store's
 * deadline): the record a plain string with no TTL, its time a member of the kind's
 * sorted set, written in one MULTI.
 */
export function createRedisAgedRecords(main: RedisClient, keys: RedisKeys, now: () => number) {
  return {
    async set(key: string, value: unknown, kind: AgedKind, at: number): Promise<void> {
      const json = JSON.stringify(value)
      if (json === undefined)
        throw new StoreError(`setAgedRecord: the value of "${key}" is not JSON`)
      await main
        .multi()
        .set(keys.record(key), json)
        .sAdd(keys.records, key)
        .zAdd(keys.aged(kind), { score: at, value: key })
        .exec()
    },
    async prune(kind: AgedKind, retention: AgeRetention): Promise<number> {
      const cutoff = now() - retention.maxAgeMs
      let left = retention.maxDrop ?? Number.POSITIVE_INFINITY
      let dropped = 0
      while (left > 0) {
        const batch = Math.min(left, PRUNE_BATCH)
        const reply = await runScript(
          main,
          PRUNE_SCRIPT,
          [keys.aged(kind), keys.records],
          [String(cutoff), String(batch), keys.record('')],
        )
        const count = Count.parse(reply)
        dropped += count
        left -= count
        if (count < batch) break
      }
      return dropped
    },
    async stats(kind: AgedKind, retention: AgeRetention): Promise<RetentionStats> {
      const cutoff = now() - retention.maxAgeMs
      const [total, expired, newest] = await Promise.all([
        main.zCard(keys.aged(kind)),
        main.zCount(keys.aged(kind), '-inf', `(${cutoff}`),
        main.zRangeWithScores(keys.aged(kind), -1, -1),
      ])
      return { total, expired, newestAt: newest[0]?.score }
    },
  }
}
