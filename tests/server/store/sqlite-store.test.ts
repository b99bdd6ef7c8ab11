import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import type { DataSync } from '../../../server/store/wal-sync'
import { REAL_WORK } from '../../support/timeouts'
import { createEntry, createVisitorId, describeStoreConformance } from '../support/conformance'
import { stopAfterEach } from '../support/stop-after-each'

/** An fdatasync the test releases by hand: what the disk's flush is while it runs. */
function heldDataSync() {
  const waiting: ((error: Error | null) => void)[] = []
  const dataSync: DataSync = (_fd, done) => {
    waiting.push(done)
  }
  return {
    dataSync,
    held: () => waiting.length,
    release: (error: Error | null = null) => {
      for (const done of waiting.splice(0)) done(error)
    },
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function tempDbPath(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-sqlite-'))
  return {
    path: join(dir, 'nested', 'porthole.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

const opened = stopAfterEach(async (t: { store: Store; remove: () => void }) => {
  await t.store.close()
  t.remove()
})

/**
 * A store on a fresh file, closed and removed after the test, with one visitor whose
 * events are kept; `disk` holds its WAL flushes.
 */
function openTempStore(disk?: ReturnType<typeof heldDataSync>) {
  const { path, remove } = tempDbPath()
  const store = openSqliteStore(path, disk ? { dataSync: disk.dataSync } : {})
  opened({ store, remove })
  const visitor = createVisitorId()
  const events: VisitorEvent[] = []
  store.subscribe(visitor, (event) => events.push(event))
  return { path, store, visitor, events }
}

/** Runs SQL on a second connection: what another writer, or a failing disk, does to the file. */
function writeBehind(path: string, sql: string) {
  const writer = new Database(path)
  writer.exec(sql)
  writer.close()
}

const text = (t: string) => createEntry({ content: { type: 'text', text: t } })

describeStoreConformance('sqlite', async () => {
  const { path, remove } = tempDbPath()
  let current: Store = openSqliteStore(path)
  return {
    store: current,
    reopen: async () => {
      await current.close()
      current = openSqliteStore(path)
      return current
    },
    cleanup: async () => {
      await current.close()
      remove()
    },
  }
})

describe('sqlite store', () => {
  it('uses WAL and full synchronous writes, so an acknowledged append is on disk', async () => {
    const { path, store, visitor } = openTempStore()
    await store.append(visitor, createEntry())
    // A second connection reads the committed row without the first one closing.
    const reader = new Database(path, { readonly: true })
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(reader.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 1 })
    reader.close()
  })

  it('commits the appends of one tick together: a rolled-back transaction fails them all and publishes none', async () => {
    const { path, store, visitor, events } = openTempStore()
    // What SQLite does on a full disk or an I/O error: the whole transaction is undone.
    writeBehind(
      path,
      "CREATE TRIGGER fail_all BEFORE INSERT ON entries WHEN NEW.body LIKE '%rollback-all%' BEGIN SELECT RAISE(ROLLBACK, 'disk on fire'); END",
    )
    const outcomes = await Promise.allSettled([
      store.append(visitor, text('before'), { dedupeKey: 'a3:before' }),
      store.append(visitor, text('rollback-all')),
      store.append(visitor, text('after')),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/disk on fire/)
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([])
    expect(events).toEqual([])
    // Nothing half-written: the dedupe key of the undone batch is free, and the store works on.
    const retried = await store.append(visitor, text('before'), { dedupeKey: 'a3:before' })
    expect(retried.duplicate).toBe(false)
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([retried.entry])
    expect(events).toEqual([{ event: 'message', data: retried.entry }])
  })

  it('fails only the append whose own statement failed, not the rest of its batch', async () => {
    const { path, store, visitor, events } = openTempStore()
    writeBehind(
      path,
      "CREATE TRIGGER fail_one BEFORE INSERT ON entries WHEN NEW.body LIKE '%refuse-me%' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    )
    const [a, bad, c] = await Promise.allSettled([
      store.append(visitor, text('a'), { dedupeKey: 'a3:a' }),
      store.append(visitor, text('refuse-me'), { dedupeKey: 'a3:bad' }),
      store.append(visitor, text('c')),
    ])
    expect(bad?.status).toBe('rejected')
    if (a?.status !== 'fulfilled' || c?.status !== 'fulfilled')
      throw new Error('a and c must be stored')
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([a.value.entry, c.value.entry])
    expect(events.map((e) => e.event === 'message' && e.data.id)).toEqual([
      a.value.entry.id,
      c.value.entry.id,
    ])
  })

  it('commits appends still queued when it closes, so an accepted append is never dropped', async () => {
    const { path, store, visitor } = openTempStore()
    const pending = store.append(visitor, createEntry(), { dedupeKey: 'a3:late' })
    await store.close()
    const { entry } = await pending
    const reopened = openSqliteStore(path)
    expect(await reopened.readAfter(visitor, undefined, 10)).toEqual([entry])
    await reopened.close()
    await expect(store.append(visitor, createEntry())).rejects.toThrow(/closed/)
  })

  it('reports a corrupt row instead of returning bad data', async () => {
    const { path, store, visitor } = openTempStore()
    await store.append(visitor, createEntry())
    writeBehind(path, 'UPDATE entries SET body = \'{"author":"nobody"}\'')
    await expect(store.readAfter(visitor, undefined, 10)).rejects.toThrow(/corrupt/)
  })

  it('refuses a file that is not a database with a clear error', () => {
    const { path, remove } = tempDbPath()
    const dir = join(path, '..')
    rmSync(dir, { recursive: true, force: true })
    const bad = `${dir}.txt`
    writeFileSync(bad, 'not a database, just text '.repeat(100))
    expect(() => openSqliteStore(bad)).toThrow()
    rmSync(bad, { force: true })
    remove()
  })

  it('answers and publishes an append, and a repeat of it, only once the WAL is flushed', async () => {
    const disk = heldDataSync()
    const { store, visitor, events } = openTempStore(disk)
    let answered = 0
    const first = store.append(visitor, createEntry(), { dedupeKey: 'a3:m1' }).finally(() => {
      answered += 1
    })
    await nextTurn()
    await nextTurn()
    expect(disk.held()).toBe(1)
    // A repeat committed while the first flush runs waits for a flush of its own.
    const repeat = store.append(visitor, createEntry(), { dedupeKey: 'a3:m1' }).finally(() => {
      answered += 1
    })
    await nextTurn()
    await nextTurn()
    expect(answered).toBe(0)
    expect(events).toEqual([])
    disk.release()
    await first
    expect(events).toHaveLength(1)
    expect(answered).toBe(1)
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    disk.release()
    expect((await repeat).duplicate).toBe(true)
    expect(events).toHaveLength(1)
  })

  it('flushes many batches committed during one flush with one more, and keeps other writes FULL', async () => {
    const disk = heldDataSync()
    const { store, visitor } = openTempStore(disk)
    const first = store.append(visitor, createEntry())
    await nextTurn()
    await nextTurn()
    const later = [1, 2, 3].map(async () => {
      await nextTurn()
      return store.append(visitor, createEntry())
    })
    await Promise.all([nextTurn(), nextTurn(), nextTurn()])
    await nextTurn()
    expect(disk.held()).toBe(1)
    disk.release()
    await first
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    disk.release()
    expect(await Promise.all(later)).toHaveLength(3)
    // Between batches the connection is back to synchronous=FULL (2) for every other write.
    expect(store.sqliteDatabase?.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('commits the appends made while a flush runs together, once it ends', async () => {
    const disk = heldDataSync()
    const { path, store, visitor } = openTempStore(disk)
    const reader = new Database(path, { readonly: true })
    const rows = () => reader.prepare('SELECT count(*) AS n FROM entries').get()
    const first = store.append(visitor, createEntry())
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    const later: Promise<unknown>[] = []
    for (let turn = 0; turn < 3; turn++) {
      later.push(store.append(visitor, createEntry(), { dedupeKey: `a3:held-${turn}` }))
      await nextTurn()
    }
    // Held, not committed in a transaction each: they wait for the next flush anyway.
    expect(rows()).toEqual({ n: 1 })
    disk.release()
    await first
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    expect(rows()).toEqual({ n: 4 })
    disk.release()
    await Promise.all(later)
    expect((await store.readAfter(visitor, undefined, 10)).length).toBe(4)
    reader.close()
  })

  it('erases appends held during a flush too: the erasure commits them first', async () => {
    const disk = heldDataSync()
    const { store, visitor } = openTempStore(disk)
    const first = store.append(visitor, createEntry())
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    const held = store.append(visitor, createEntry(), { dedupeKey: 'a3:held' })
    await nextTurn()
    expect(await store.eraseVisitor(visitor, { records: [], indexes: [] })).toBe(2)
    disk.release()
    await first
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    disk.release()
    await held
    expect(await store.readAfter(visitor, undefined, 10)).toEqual([])
  })

  it('answers 503-worthy failures after a failed flush, and keeps failing until a restart', async () => {
    const disk = heldDataSync()
    const { store, visitor } = openTempStore(disk)
    const first = store.append(visitor, createEntry(), { dedupeKey: 'a3:lost' })
    await vi.waitFor(() => expect(disk.held()).toBe(1), REAL_WORK)
    disk.release(new Error('EIO'))
    await expect(first).rejects.toThrow(/could not be flushed.*restart/)
    // The retry finds the key (committed, maybe not on the disk): it must not be acknowledged.
    await expect(store.append(visitor, createEntry(), { dedupeKey: 'a3:lost' })).rejects.toThrow(
      /could not be flushed/,
    )
    expect(disk.held()).toBe(0)
  })
})
