import { z } from 'zod'
import type { AgeRetention, ConsentRecord, RetentionStats } from '../types'
import { pruneByAge, statsByAge } from './by-age'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'
import { runScript } from './scripts'

// A consent is a field of the visitor's hash (version -> at) and a member of one sorted
// set by time, which retention walks. The member, "<bytes of visitor id>:<visitor id><version>",
// is built and read only inside these scripts, so any visitor id or version round-trips.

/** KEYS: visitor's hash, by-age set. ARGV: version, at, visitor id. Adds nothing for a known version. */
const RECORD_SCRIPT = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('ZADD', KEYS[2], ARGV[2], #ARGV[3] .. ':' .. ARGV[3] .. ARGV[1])
end
return 0
`

/** KEYS: visitor's hash, by-age set. ARGV: visitor id. Returns how many consents went. */
const ERASE_SCRIPT = `
local versions = redis.call('HKEYS', KEYS[1])
for _, version in ipairs(versions) do
  redis.call('ZREM', KEYS[2], #ARGV[1] .. ':' .. ARGV[1] .. version)
end
redis.call('DEL', KEYS[1])
return #versions
`

/**
 * KEYS: by-age set. ARGV: cutoff ms (exclusive), most to drop, prefix of the visitors' hashes.
 * Drops the oldest consents before the cutoff; returns how many.
 */
const PRUNE_SCRIPT = `
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(members) do
  local colon = string.find(member, ':', 1, true)
  local length = tonumber(string.sub(member, 1, colon - 1))
  local visitor = string.sub(member, colon + 1, colon + length)
  redis.call('HDEL', ARGV[3] .. visitor, string.sub(member, colon + length + 1))
  redis.call('ZREM', KEYS[1], member)
end
return #members
`

const Count = z.number().int().nonnegative()

/** The redis: store's consents (Store's Consents role, without the store's deadline). */
export function createRedisConsents(main: RedisClient, keys: RedisKeys, now: () => number) {
  const hashPrefix = keys.consents('')
  return {
    async record(visitorId: string, consent: ConsentRecord): Promise<void> {
      await runScript(
        main,
        RECORD_SCRIPT,
        [keys.consents(visitorId), keys.consentsByAge],
        [consent.version, String(consent.at), visitorId],
      )
    },
    async list(visitorId: string): Promise<ConsentRecord[]> {
      const all = await main.hGetAll(keys.consents(visitorId))
      return Object.entries(all)
        .map(([version, at]) => ({ version, at: Number(at) }))
        .sort((a, b) => a.at - b.at || (a.version < b.version ? -1 : 1))
    },
    async erase(visitorId: string): Promise<number> {
      const reply = await runScript(
        main,
        ERASE_SCRIPT,
        [keys.consents(visitorId), keys.consentsByAge],
        [visitorId],
      )
      return Count.parse(reply)
    },
    prune: (retention: AgeRetention): Promise<number> =>
      pruneByAge(main, PRUNE_SCRIPT, [keys.consentsByAge], [hashPrefix], retention, now()),
    stats: (retention: AgeRetention): Promise<RetentionStats> =>
      statsByAge(main, keys.consentsByAge, retention, now()),
  }
}
