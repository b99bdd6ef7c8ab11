import { z } from 'zod'
import { namesVisitor } from '../keys'
import { AGED_KINDS, type ErasedKeys } from '../types'
import type { RedisClient } from './connection'
import { escapeGlob, type RedisKeys } from './keys'
import { runScript } from './scripts'

/**
 * KEYS: the visitor's log, the set of visitors. ARGV: the visitor id.
 * Reads the log and deletes it with the dedupe keys its entries name (field `k`, the whole Redis key) in one
 * atomic step: an entry appended meanwhile cannot leave its dedupe key behind.
 */
const ERASE_LOG_SCRIPT = `
local rows = redis.call('XRANGE', KEYS[1], '-', '+')
for _, row in ipairs(rows) do
  local fields = row[2]
  for i = 1, #fields, 2 do
    if fields[i] == 'k' then redis.call('DEL', fields[i + 1]) end
  end
end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return #rows
`

const Count = z.number().int().nonnegative()

/**
 * The redis: store's erasure (Store.eraseVisitor): the visitor's log stream with the
 * dedupe keys its entries name (each entry keeps its key in field `k`; the value names
 * the entry and the visitor, and one an earlier version wrote holds its text) in one
 * script, then the records and indexes named and the claims about the visitor (found
 * with SCAN: a rare request, so a walk of the keyspace is paid then rather than an index
 * kept on every claim), in one MULTI.
 */
export async function eraseRedisVisitor(
  main: RedisClient,
  keys: RedisKeys,
  visitorId: string,
  erased: ErasedKeys,
): Promise<number> {
  const claims: string[] = []
  const about = escapeGlob(visitorId)
  const claimPrefix = keys.claim('')
  for (const match of [`${claimPrefix}*:${about}:*`, `${claimPrefix}*:${about}`])
    for await (const batch of main.scanIterator({ MATCH: match, COUNT: 1000 }))
      claims.push(...batch.filter((key) => namesVisitor(key.slice(claimPrefix.length), visitorId)))
  const dropped = Count.parse(
    await runScript(main, ERASE_LOG_SCRIPT, [keys.log(visitorId), keys.visitors], [visitorId]),
  )
  const multi = main.multi()
  if (claims.length > 0) multi.del([...new Set(claims)])
  if (erased.records.length > 0) {
    multi.del(erased.records.map(keys.record))
    multi.sRem(keys.records, [...erased.records])
    for (const kind of AGED_KINDS) multi.zRem(keys.aged(kind), [...erased.records])
  }
  if (erased.indexes.length > 0) multi.del(erased.indexes.map(keys.index))
  if (claims.length + erased.records.length + erased.indexes.length > 0) await multi.exec()
  return dropped
}
