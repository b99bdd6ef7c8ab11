import { StoreError } from '../errors'
import type { AgedKind, AgeRetention, RetentionStats } from '../types'
import { pruneByAge, statsByAge } from './by-age'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'

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
    prune: (kind: AgedKind, retention: AgeRetention): Promise<number> =>
      pruneByAge(
        main,
        PRUNE_SCRIPT,
        [keys.aged(kind), keys.records],
        [keys.record('')],
        retention,
        now(),
      ),
    stats: (kind: AgedKind, retention: AgeRetention): Promise<RetentionStats> =>
      statsByAge(main, keys.aged(kind), retention, now()),
  }
}
