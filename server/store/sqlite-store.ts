import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { closedStoreError, StoreError } from './errors'
import { createFanOut, inProcessEvents } from './fan-out'
import { type BatchOutcome, createGroupCommit } from './group-commit'
import { parseRecord } from './parse-record'
import { AFTER_EVERY_SEQUENCE, readFrom } from './sequence-id'
import { createSqliteAgedRecords } from './sqlite-aged-records'
import { type AppendRequest, createSqliteAppendBatch, toEntry } from './sqlite-append'
import { createSqliteConsents } from './sqlite-consents'
import { createSqliteErase } from './sqlite-erase'
import { prepareQueries } from './sqlite-queries'
import { SQLITE_SCHEMA } from './sqlite-schema'
import type { AppendResult, Retention, Store } from './types'
import { createWalSync, type DataSync } from './wal-sync'

/**
 * The embedded default store: one sqlite file in WAL mode with synchronous=FULL, so
 * an append has reached the disk before the webhook that caused it is acknowledged.
 * Appends made during one event-loop turn are committed together, and their fsync runs
 * off the event loop, shared by the batches committed while the one before ran
 * (wal-sync.ts). Fan-out is in-process: run one backend per file (use redis:// to scale out).
 *
 * @example const store = openSqliteStore('./data/porthole.db')
 */
export function openSqliteStore(
  path: string,
  options: { now?: () => number; dataSync?: DataSync } = {},
): Store {
  const now = options.now ?? Date.now
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  const walMode = db.pragma('journal_mode = WAL', { simple: true }) === 'wal'
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  // Deleted rows are overwritten, not left in free pages (a visitor's erasure, retention).
  db.pragma('secure_delete = ON')
  db.exec(SQLITE_SCHEMA)
  const fanOut = createFanOut()
  let closed = false

  const q = prepareQueries(db)
  const erase = createSqliteErase(db)
  const aged = createSqliteAgedRecords(db, now, assertOpen)

  // An expired index starts empty again: members left by one that prune() has not dropped yet go.
  const indexAdd = db.transaction((key: string, member: string, at: number, ttlMs: number) => {
    if (q.indexLive.get(key, at) === undefined) q.indexClear.run(key)
    q.indexKeep.run(key, at + ttlMs)
    q.indexAdd.run(key, member)
  })

  const appendBatch = createSqliteAppendBatch(db, q, now)

  // Every other write keeps synchronous=FULL (its fsync on the loop, as before); a
  // batch of appends commits without one and is flushed by `wal` before anyone hears.
  const wal =
    walMode && path !== ':memory:' ? createWalSync(`${path}-wal`, options.dataSync) : undefined
  const syncNormal = db.prepare('PRAGMA synchronous = NORMAL')
  const syncFull = db.prepare('PRAGMA synchronous = FULL')

  function publish(outcomes: BatchOutcome<AppendResult>[]): BatchOutcome<AppendResult>[] {
    for (const outcome of outcomes) {
      if (outcome.ok && !outcome.value.duplicate) {
        fanOut.emit(outcome.value.visitorId, { event: 'message', data: outcome.value.entry })
      }
    }
    return outcomes
  }

  // Group commit: the appends of one event-loop turn share one transaction. Each caller
  // (a repeat too: its original may be in a sync still running) is answered only once
  // the WAL is on disk, and subscribers hear of an entry only then. A reader may see a
  // committed entry a moment earlier; it is acknowledged to nobody before the flush.
  // While a flush runs, appends wait and are committed together when it ends: they
  // would wait for the next flush anyway, and one transaction writes each page once.
  const appends = createGroupCommit(
    (requests: readonly AppendRequest[]) => {
      if (!wal) return publish(appendBatch(requests))
      syncNormal.run()
      let outcomes: BatchOutcome<AppendResult>[]
      try {
        outcomes = appendBatch(requests)
      } finally {
        syncFull.run()
      }
      return wal.sync().then(() => publish(outcomes))
    },
    wal && (() => wal.pending()),
  )

  const pruneTx = db.transaction((retention: Retention): number => {
    const at = now()
    const cap = retention.maxDrop ?? -1
    let dropped = q.pruneAge.run(at - retention.maxAgeMs, cap).changes
    if (cap < 0 || dropped < cap) {
      dropped += q.pruneCount.run(retention.maxEntries, cap < 0 ? -1 : cap - dropped).changes
    }
    q.pruneDedupe.run()
    q.pruneRecords.run(at)
    q.pruneClaims.run(at)
    q.pruneIndexMembers.run(at)
    q.pruneIndexes.run(at)
    return dropped
  })

  function assertOpen(): void {
    if (closed) throw closedStoreError('sqlite')
  }

  return {
    kind: 'sqlite',
    sqliteDatabase: db,
    async append(visitorId, entry, opts = {}) {
      assertOpen()
      return appends.add({
        recipientId: visitorId,
        entry,
        key: opts.dedupeKey,
        followAlias: opts.followAlias === true,
        refuseErased: opts.refuseErased === true,
      })
    },
    async readAfter(visitorId, afterId, limit) {
      assertOpen()
      return q.readAfter.all(visitorId, readFrom('readAfter', afterId, 0), limit).map(toEntry)
    },
    async readBefore(visitorId, beforeId, limit) {
      assertOpen()
      const before = readFrom('readBefore', beforeId, AFTER_EVERY_SEQUENCE)
      return q.readBefore.all(visitorId, before, Math.max(0, limit)).reverse().map(toEntry)
    },
    async newestEntries(visitorIds) {
      assertOpen()
      // In-process: one indexed lookup per visitor, no round trip to batch.
      return visitorIds.map((visitorId) => {
        const [row] = q.readBefore.all(visitorId, AFTER_EVERY_SEQUENCE, 1)
        return row && toEntry(row)
      })
    },
    ...inProcessEvents(fanOut, assertOpen),
    async claim(key, ttlMs) {
      assertOpen()
      const at = now()
      return q.claim.run({ key, until: at + ttlMs, now: at }).changes > 0
    },
    async extendClaim(key, ttlMs) {
      assertOpen()
      const at = now()
      return q.extendClaim.run({ key, until: at + ttlMs, now: at }).changes > 0
    },
    async release(key) {
      assertOpen()
      q.release.run(key)
    },
    async getRecord(key, schema, onMismatch) {
      assertOpen()
      const row = q.getRecord.get(key, now())
      return parseRecord(row === undefined ? undefined : JSON.parse(row.value), schema, onMismatch)
    },
    async setRecord(key, value, ttlMs) {
      assertOpen()
      const json = JSON.stringify(value)
      if (json === undefined) throw new StoreError(`setRecord("${key}"): the value is not JSON`)
      q.setRecord.run(key, json, ttlMs === undefined ? null : now() + ttlMs)
    },
    async deleteRecord(key) {
      assertOpen()
      q.deleteRecord.run(key)
      aged.forget(key)
    },
    async listRecords(prefix) {
      assertOpen()
      return q.listRecords.all({ prefix, now: now() }).map((row) => row.key)
    },
    async indexAdd(key, member, ttlMs) {
      assertOpen()
      indexAdd(key, member, now(), ttlMs)
    },
    async indexRemove(key, member) {
      assertOpen()
      q.indexRemove.run(key, member)
    },
    async indexMembers(key) {
      assertOpen()
      return q.indexMembers.all(key, now()).map((row) => row.member)
    },
    async eraseVisitor(visitorId, keys) {
      assertOpen()
      // Appends accepted before the erasure are written first, so they are erased too.
      appends.flush()
      return erase(visitorId, keys)
    },
    ...createSqliteConsents(db, now, assertOpen),
    setAgedRecord: aged.setAgedRecord,
    pruneAgedRecords: aged.pruneAgedRecords,
    agedRecordStats: aged.agedRecordStats,
    adoptAgedRecords: aged.adoptAgedRecords,
    async prune(retention) {
      assertOpen()
      return pruneTx(retention)
    },
    async retentionStats(retention) {
      assertOpen()
      const cutoff = now() - retention.maxAgeMs
      const { total, newest } = q.countEntries.get() ?? { total: 0, newest: null }
      const old = q.countOld.get(cutoff)?.count ?? 0
      const over = q.countOver.get(cutoff, retention.maxEntries)?.count ?? 0
      return { total, expired: old + over, newestAt: newest ?? undefined }
    },
    async ping() {
      assertOpen()
      db.prepare('SELECT 1').get()
    },
    async close() {
      if (closed) return
      closed = true
      // Appends already accepted are committed (and answered) before the file closes.
      appends.flush()
      await wal?.idle()
      fanOut.clear()
      // Folds the WAL into the main file so a copied .db file is complete.
      db.pragma('wal_checkpoint(TRUNCATE)')
      db.close()
      wal?.close()
    },
  }
}
