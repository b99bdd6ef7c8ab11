import type Database from 'better-sqlite3'
import { ConversationEntry } from '../../shared/widget-api'
import { aliasTarget } from './alias-target'
import { rememberEntryJson } from './entry-json'
import { StoreError, visitorErasedError } from './errors'
import type { BatchOutcome } from './group-commit'
import { aliasKey, profileKey, visitorErasedKey } from './keys'
import type { EntryRow, prepareQueries } from './sqlite-queries'
import type { AppendResult, NewEntry } from './types'

export type AppendRequest = {
  recipientId: string
  entry: NewEntry
  key: string | undefined
  followAlias: boolean
  /** Refuse (visitor_erased) when the visitor was erased and has not come back. */
  refuseErased: boolean
}

const StoredBody = ConversationEntry.omit({ id: true })

/** A row of the sqlite store as the entry it holds; StoreError when it is corrupt. */
export function toEntry(row: EntryRow): ConversationEntry {
  const parsed = StoredBody.safeParse(JSON.parse(row.body))
  if (!parsed.success) {
    throw new StoreError(`sqlite entry ${row.seq} is corrupt: ${parsed.error.message}`)
  }
  return { ...parsed.data, id: String(row.seq) }
}

/**
 * The sqlite store's batch of appends: one transaction for the whole batch, with
 * nothing more per append than its own statements. Any error undoes all of it, and the
 * batch runs again with one savepoint per append, so only an append whose own statement
 * fails is refused and the rest of its batch is stored.
 *
 * @example const appendBatch = createSqliteAppendBatch(db, prepareQueries(db), Date.now)
 */
export function createSqliteAppendBatch(
  db: Database.Database,
  q: ReturnType<typeof prepareQueries>,
  now: () => number,
): (requests: readonly AppendRequest[]) => BatchOutcome<AppendResult>[] {
  // A dedupe check sees the appends before it in the same batch, so a key is stored once
  // even within a batch. The alias is read in the same transaction, so a merge's alias
  // written before the batch commits is followed.
  const appendOne = (request: AppendRequest): AppendResult => {
    const { entry, key } = request
    const alias = request.followAlias
      ? q.getRecord.get(aliasKey(request.recipientId), now())
      : undefined
    const visitorId = aliasTarget(
      request.recipientId,
      alias === undefined ? undefined : JSON.parse(alias.value),
    )
    if (
      request.refuseErased &&
      q.getRecord.get(visitorErasedKey(visitorId), now()) !== undefined &&
      q.getRecord.get(profileKey(visitorId), now()) === undefined
    )
      throw visitorErasedError(visitorId)
    if (key !== undefined) {
      const seen = q.dedupe.get(key)
      if (seen) return { entry: toEntry(seen), duplicate: true, visitorId }
    }
    const body = JSON.stringify(entry)
    const seq = Number(q.insert.run(visitorId, entry.at, body).lastInsertRowid)
    if (key !== undefined) q.insertDedupe.run(key, seq)
    // The stored form with its id, read back from the JSON just written (a copy the
    // caller cannot change), and kept for the streams' frame: the id goes last, where
    // { ...stored, id } puts it. Validating it again, as rows read from the file are,
    // would only cost time.
    const json = `${body.slice(0, -1)},"id":"${seq}"}`
    const stored: ConversationEntry = JSON.parse(json)
    return { entry: rememberEntryJson(stored, json), duplicate: false, visitorId }
  }

  const appendAll = db.transaction((requests: readonly AppendRequest[]) =>
    requests.map((r): BatchOutcome<AppendResult> => ({ ok: true, value: appendOne(r) })),
  )

  const appendBySavepoint = db.transaction(appendOne)
  const appendEach = db.transaction((requests: readonly AppendRequest[]) =>
    requests.map((r): BatchOutcome<AppendResult> => {
      try {
        return { ok: true, value: appendBySavepoint(r) }
      } catch (error) {
        // SQLite rolled the whole transaction back (disk full, I/O error): nothing of
        // this batch is written, so every caller in it must fail.
        if (!db.inTransaction) throw error
        return { ok: false, error }
      }
    }),
  )

  return (requests) => {
    try {
      return appendAll(requests)
    } catch {
      // Nothing of the first try is left: its transaction rolled back.
      return appendEach(requests)
    }
  }
}
