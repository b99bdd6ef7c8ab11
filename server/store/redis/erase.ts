import type { ErasedKeys } from '../types'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'

/**
 * The redis: store's erasure (Store.eraseVisitor): the visitor's log stream, the
 * dedupe keys its entries name (each entry keeps its key in field `k`; the dedupe
 * value holds the entry's text), the records and indexes named, in one MULTI.
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
  const multi = main.multi().del(log).sRem(keys.visitors, visitorId)
  if (dedupeKeys.length > 0) multi.del(dedupeKeys)
  if (erased.records.length > 0) {
    multi.del(erased.records.map(keys.record))
    multi.sRem(keys.records, [...erased.records])
  }
  if (erased.indexes.length > 0) multi.del(erased.indexes.map(keys.index))
  await multi.exec()
  return rows.length
}
