import { StoreError } from '../errors'
import type { AgedKind, AgeRetention, RetentionStats } from '../types'
import { pruneByAge, statsByAge } from './by-age'
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

/**
 * KEYS: the kind's by-age set. ARGV: the lifetime the records were written with (ms), the
 * records' key prefix, then record names. Each name whose record still has a lifetime loses
 * it and joins the set, dated its expiry (Redis's clock) minus that lifetime; returns how many.
 */
const ADOPT_SCRIPT = `
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local count = 0
for i = 3, #ARGV do
  local left = redis.call('PTTL', ARGV[2] .. ARGV[i])
  if left > 0 then
    redis.call('PERSIST', ARGV[2] .. ARGV[i])
    redis.call('ZADD', KEYS[1], nowMs + left - tonumber(ARGV[1]), ARGV[i])
    count = count + 1
  end
end
return count
`
/** One adopt call names at most this many records, so Redis is never blocked long. */
const ADOPT_BATCH = 500

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
    /** `names`: the records under the prefixes (listed by the caller). */
    async adopt(kind: AgedKind, names: readonly string[], lifetimeMs: number): Promise<number> {
      let count = 0
      for (let i = 0; i < names.length; i += ADOPT_BATCH) {
        const batch = names.slice(i, i + ADOPT_BATCH)
        const reply = await runScript(
          main,
          ADOPT_SCRIPT,
          [keys.aged(kind)],
          [String(Math.ceil(lifetimeMs)), keys.record(''), ...batch],
        )
        count += typeof reply === 'number' ? reply : 0
      }
      return count
    },
    stats: (kind: AgedKind, retention: AgeRetention): Promise<RetentionStats> =>
      statsByAge(main, keys.aged(kind), retention, now()),
  }
}
