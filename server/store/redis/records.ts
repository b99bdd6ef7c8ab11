import { StoreError } from '../errors'
import { AGED_KINDS } from '../types'
import type { RedisClient } from './connection'
import { escapeGlob, type RedisKeys } from './keys'

/** Claims, small JSON records and indexes: plain Redis strings and sets with native TTLs, plus one set listing the records. */
export type RedisRecords = {
  claim(key: string, ttlMs: number): Promise<boolean>
  /** Moves a live claim's expiry to `ttlMs` from now; false when it has expired. */
  extendClaim(key: string, ttlMs: number): Promise<boolean>
  release(key: string): Promise<void>
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlMs?: number): Promise<void>
  delete(key: string): Promise<void>
  /** Live record keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>
  /** Drops index entries of records that expired. */
  sweep(): Promise<void>
  indexAdd(key: string, member: string, ttlMs: number): Promise<void>
  indexRemove(key: string, member: string): Promise<void>
  indexMembers(key: string): Promise<string[]>
}

const wholeMs = (ms: number) => Math.max(1, Math.ceil(ms))

export function createRedisRecords(main: RedisClient, keys: RedisKeys): RedisRecords {
  async function liveKeys(match: string): Promise<string[]> {
    const live: string[] = []
    for await (const batch of main.sScanIterator(keys.records, { MATCH: match, COUNT: 1000 })) {
      const exists = await Promise.all(batch.map((key) => main.exists(keys.record(key))))
      live.push(...batch.filter((_, index) => exists[index] !== 0))
      // Records expire by TTL in Redis; their index entries go here.
      const gone = batch.filter((_, index) => exists[index] === 0)
      if (gone.length > 0) await main.sRem(keys.records, gone)
    }
    return live
  }

  return {
    async claim(key, ttlMs) {
      const reply = await main.set(keys.claim(key), '1', { NX: true, PX: wholeMs(ttlMs) })
      return reply === 'OK'
    },
    async extendClaim(key, ttlMs) {
      // PEXPIRE touches only a key that still exists: an expired claim stays free.
      return (await main.pExpire(keys.claim(key), wholeMs(ttlMs))) === 1
    },
    async release(key) {
      await main.del(keys.claim(key))
    },
    async get(key) {
      const json = await main.get(keys.record(key))
      if (json === null) return undefined
      try {
        return JSON.parse(json)
      } catch {
        throw new StoreError(
          `redis: record "${key}" is not JSON; another program may be writing under the store prefix`,
        )
      }
    },
    async set(key, value, ttlMs) {
      const json = JSON.stringify(value)
      if (json === undefined) throw new StoreError(`setRecord: the value of "${key}" is not JSON`)
      await main
        .multi()
        .set(keys.record(key), json, ttlMs === undefined ? {} : { PX: wholeMs(ttlMs) })
        .sAdd(keys.records, key)
        .exec()
    },
    async delete(key) {
      const multi = main.multi().del(keys.record(key)).sRem(keys.records, key)
      for (const kind of AGED_KINDS) multi.zRem(keys.aged(kind), key)
      await multi.exec()
    },
    async list(prefix) {
      const found = await liveKeys(`${escapeGlob(prefix)}*`)
      // SSCAN may return a member twice while the set changes.
      return [...new Set(found)].sort()
    },
    async sweep() {
      await liveKeys('*')
    },
    async indexAdd(key, member, ttlMs) {
      const index = keys.index(key)
      await main.multi().sAdd(index, member).pExpire(index, wholeMs(ttlMs)).exec()
    },
    async indexRemove(key, member) {
      await main.sRem(keys.index(key), member)
    },
    async indexMembers(key) {
      return (await main.sMembers(keys.index(key))).sort()
    },
  }
}
