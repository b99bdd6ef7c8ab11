import type { ConversationEntry } from '../../shared/widget-api'
import { aliasTarget } from './alias-target'
import { rememberEntryJson } from './entry-json'
import { closedStoreError, visitorErasedError } from './errors'
import { createFanOut, inProcessEvents } from './fan-out'
import { aliasKey, namesVisitor, profileKey, visitorErasedKey } from './keys'

import { createMemoryAgedRecords } from './memory-aged-records'
import { createMemoryConsents } from './memory-consents'
import { parseRecord } from './parse-record'
import { AFTER_EVERY_SEQUENCE, readFrom } from './sequence-id'
import type { AppendOptions, AppendResult, NewEntry, Retention, Store } from './types'

type Expiring<T> = { value: T; expiresAt: number | undefined }

/**
 * A store that lives in this process only: for tests and throw-away demos. Data is
 * lost on restart; use sqlite: (the default) for anything that must survive one.
 *
 * @example const store = createMemoryStore(); await store.append('v1', entry)
 */
export function createMemoryStore(options: { now?: () => number } = {}): Store {
  const now = options.now ?? Date.now
  const logs = new Map<string, ConversationEntry[]>()
  const dedupe = new Map<string, { visitorId: string; entry: ConversationEntry }>()
  const records = new Map<string, Expiring<string>>()
  const claims = new Map<string, number>()
  const indexes = new Map<string, Expiring<Set<string>>>()
  const fanOut = createFanOut()
  let sequence = 0
  let closed = false

  function assertOpen(): void {
    if (closed) throw closedStoreError('memory')
  }

  const aged = createMemoryAgedRecords({
    now,
    assertOpen,
    write: (key, value) => records.set(key, { value: JSON.stringify(value), expiresAt: undefined }),
    remove: (key) => records.delete(key),
    expiring: () =>
      [...records.keys()].flatMap((key): [string, number][] => {
        const expiresAt = live(records, key)?.expiresAt
        return expiresAt === undefined ? [] : [[key, expiresAt]]
      }),
    persist: (key) => {
      const record = records.get(key)
      if (record) record.expiresAt = undefined
    },
  })

  // What retention drops from one log, oldest first: entries past the age, then the
  // oldest of the young ones beyond maxEntries.
  function expiredOf(log: ConversationEntry[], retention: Retention): ConversationEntry[] {
    const cutoff = now() - retention.maxAgeMs
    const old = log.filter((entry) => entry.at < cutoff)
    const young = log.filter((entry) => entry.at >= cutoff)
    const over = young.slice(0, Math.max(0, young.length - retention.maxEntries))
    const drop = new Set([...old, ...over])
    return log.filter((entry) => drop.has(entry))
  }

  function live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | undefined {
    const item = map.get(key)
    if (item?.expiresAt !== undefined && item.expiresAt <= now()) {
      map.delete(key)
      return undefined
    }
    return item
  }

  return {
    kind: 'memory',
    async append(recipientId: string, entry: NewEntry, opts: AppendOptions = {}) {
      assertOpen()
      const aliasRecord = opts.followAlias ? live(records, aliasKey(recipientId)) : undefined
      const visitorId = aliasTarget(
        recipientId,
        aliasRecord === undefined ? undefined : JSON.parse(aliasRecord.value),
      )
      if (
        opts.refuseErased &&
        live(records, visitorErasedKey(visitorId)) &&
        !live(records, profileKey(visitorId))
      )
        throw visitorErasedError(visitorId)
      const key = opts.dedupeKey
      const seen = key === undefined ? undefined : dedupe.get(key)
      if (seen) return { entry: seen.entry, duplicate: true, visitorId } satisfies AppendResult
      sequence += 1
      // A copy through JSON (what the other stores keep): callers may mutate their
      // object after the call, and the streams' frame reuses the text.
      const json = JSON.stringify({ ...entry, id: String(sequence) })
      const stored: ConversationEntry = rememberEntryJson(JSON.parse(json), json)
      let log = logs.get(visitorId)
      if (!log) {
        log = []
        logs.set(visitorId, log)
      }
      log.push(stored)
      if (key !== undefined) dedupe.set(key, { visitorId, entry: stored })
      fanOut.emit(visitorId, { event: 'message', data: stored })
      return { entry: stored, duplicate: false, visitorId }
    },
    async readAfter(visitorId, afterId, limit) {
      assertOpen()
      const after = readFrom('readAfter', afterId, 0)
      const log = logs.get(visitorId) ?? []
      const result: ConversationEntry[] = []
      for (const entry of log) {
        if (result.length >= limit) break
        if (Number(entry.id) > after) result.push(structuredClone(entry))
      }
      return result
    },
    async readBefore(visitorId, beforeId, limit) {
      assertOpen()
      const before = readFrom('readBefore', beforeId, AFTER_EVERY_SEQUENCE)
      const log = logs.get(visitorId) ?? []
      // Ids grow along the log: walk back from its end to the first entry before `before`.
      let end = log.length
      while (end > 0 && Number(log[end - 1]?.id) >= before) end -= 1
      const start = Math.max(0, end - Math.max(0, limit))
      return log.slice(start, end).map((entry) => structuredClone(entry))
    },
    async newestEntries(visitorIds) {
      assertOpen()
      return visitorIds.map((visitorId) => {
        const newest = logs.get(visitorId)?.at(-1)
        return newest && structuredClone(newest)
      })
    },
    ...inProcessEvents(fanOut, assertOpen),
    async claim(key, ttlMs) {
      assertOpen()
      const until = claims.get(key)
      if (until !== undefined && until > now()) return false
      claims.set(key, now() + ttlMs)
      return true
    },
    async extendClaim(key, ttlMs) {
      assertOpen()
      const until = claims.get(key)
      if (until === undefined || until <= now()) {
        claims.delete(key)
        return false
      }
      claims.set(key, now() + ttlMs)
      return true
    },
    async release(key) {
      assertOpen()
      claims.delete(key)
    },
    async getRecord(key, schema, onMismatch) {
      assertOpen()
      const item = live(records, key)
      return parseRecord(
        item === undefined ? undefined : JSON.parse(item.value),
        schema,
        onMismatch,
      )
    },
    async setRecord(key, value, ttlMs) {
      assertOpen()
      const expiresAt = ttlMs === undefined ? undefined : now() + ttlMs
      records.set(key, { value: JSON.stringify(value), expiresAt })
    },
    async deleteRecord(key) {
      assertOpen()
      records.delete(key)
      aged.forget(key)
    },
    async listRecords(prefix) {
      assertOpen()
      return [...records.keys()].filter((key) => key.startsWith(prefix) && live(records, key))
    },
    async indexAdd(key, member, ttlMs) {
      assertOpen()
      const members = live(indexes, key)?.value ?? new Set<string>()
      members.add(member)
      indexes.set(key, { value: members, expiresAt: now() + ttlMs })
    },
    async indexRemove(key, member) {
      assertOpen()
      live(indexes, key)?.value.delete(member)
    },
    async indexMembers(key) {
      assertOpen()
      return [...(live(indexes, key)?.value ?? [])].sort()
    },
    async eraseVisitor(visitorId, keys) {
      assertOpen()
      const log = logs.get(visitorId) ?? []
      logs.delete(visitorId)
      const ids = new Set(log.map((entry) => entry.id))
      for (const [key, seen] of dedupe) if (ids.has(seen.entry.id)) dedupe.delete(key)
      for (const key of keys.records) {
        records.delete(key)
        aged.forget(key)
      }
      for (const key of keys.indexes) indexes.delete(key)
      for (const key of claims.keys()) if (namesVisitor(key, visitorId)) claims.delete(key)
      return log.length
    },
    ...createMemoryConsents(now, assertOpen),
    setAgedRecord: aged.setAgedRecord,
    pruneAgedRecords: aged.pruneAgedRecords,
    agedRecordStats: aged.agedRecordStats,
    adoptAgedRecords: aged.adoptAgedRecords,
    async prune(retention: Retention) {
      assertOpen()
      let budget = retention.maxDrop ?? Number.POSITIVE_INFINITY
      let dropped = 0
      const removed = new Set<string>()
      for (const [visitorId, log] of logs) {
        if (budget <= 0) break
        // Oldest first: the log is in append order.
        const drop = expiredOf(log, retention).slice(0, budget)
        if (drop.length === 0) continue
        budget -= drop.length
        dropped += drop.length
        const dropIds = new Set(drop.map((entry) => entry.id))
        for (const id of dropIds) removed.add(id)
        const kept = log.filter((entry) => !dropIds.has(entry.id))
        if (kept.length === 0) logs.delete(visitorId)
        else logs.set(visitorId, kept)
      }
      for (const [key, seen] of dedupe) if (removed.has(seen.entry.id)) dedupe.delete(key)
      for (const [key, until] of claims) if (until <= now()) claims.delete(key)
      for (const key of records.keys()) live(records, key)
      for (const key of indexes.keys()) live(indexes, key)
      return dropped
    },
    async retentionStats(retention: Retention) {
      assertOpen()
      let total = 0
      let expired = 0
      let newestAt: number | undefined
      for (const log of logs.values()) {
        total += log.length
        expired += expiredOf(log, retention).length
        for (const entry of log) newestAt = Math.max(newestAt ?? entry.at, entry.at)
      }
      return { total, expired, newestAt }
    },
    async ping() {
      assertOpen()
    },
    async close() {
      closed = true
      fanOut.clear()
    },
  }
}
