import type { ErasedKeys } from '../types'
import type { RedisClient } from './connection'
import { escapeGlob, type RedisKeys } from './keys'

/**
 * The redis: store's erasure (Store.eraseVisitor): the visitor's log stream, the
 * dedupe keys its entries name (each entry keeps its key in field `k`; the dedupe
 * value holds the entry's text), the records and indexes named and the claims about
 * the visitor (found with SCAN: a rare request, so a walk of the keyspace is paid
 * then rather than an index kept on every claim), in one MULTI.
 */
export async function eraseRedisVisitor(
  main: RedisClient,
  keys: RedisKeys,
  visitorId: string,
  erased: ErasedKeys,
): Promise<number> {
  const log = keys.log(visitorId)
  const rows = await main.xRange(log, '-', '+')
  const dedupeKeys = rows.flatMap((row) => (row.message.k ? [row.message.k] : []))
  const claims: string[] = []
  const about = escapeGlob(visitorId)
  for (const match of [`${keys.claim('')}*:${about}:*`, `${keys.claim('')}*:${about}`])
    for await (const batch of main.scanIterator({ MATCH: match, COUNT: 1000 }))
      claims.push(...batch)
  const multi = main.multi().del(log).sRem(keys.visitors, visitorId)
  if (dedupeKeys.length > 0) multi.del(dedupeKeys)
  if (claims.length > 0) multi.del(claims)
  if (erased.records.length > 0) {
    multi.del(erased.records.map(keys.record))
    multi.sRem(keys.records, [...erased.records])
  }
  if (erased.indexes.length > 0) multi.del(erased.indexes.map(keys.index))
  await multi.exec()
  return rows.length
}
