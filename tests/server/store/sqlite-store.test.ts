import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import { createEntry, createVisitorId, describeStoreConformance } from '../support/conformance'

function tempDbPath(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-sqlite-'))
  return {
    path: join(dir, 'nested', 'porthole.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

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
    const { path, remove } = tempDbPath()
    const store = openSqliteStore(path)
    await store.append(createVisitorId(), createEntry())
    // A second connection reads the committed row without the first one closing.
    const reader = new Database(path, { readonly: true })
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(reader.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 1 })
    reader.close()
    await store.close()
    remove()
  })

  it('commits the appends of one tick together: a rolled-back transaction fails them all and publishes none', async () => {
    const { path, remove } = tempDbPath()
    const store = openSqliteStore(path)
    const visitor = createVisitorId()
    const events: VisitorEvent[] = []
    store.subscribe(visitor, (event) => events.push(event))
    // What SQLite does on a full disk or an I/O error: the whole transaction is undone.
    const writer = new Database(path)
    writer.exec(
      "CREATE TRIGGER fail_all BEFORE INSERT ON entries WHEN NEW.body LIKE '%rollback-all%' BEGIN SELECT RAISE(ROLLBACK, 'disk on fire'); END",
    )
    writer.close()
    const text = (t: string) => createEntry({ content: { type: 'text', text: t } })
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
    await store.close()
    remove()
  })

  it('fails only the append whose own statement failed, not the rest of its batch', async () => {
    const { path, remove } = tempDbPath()
    const store = openSqliteStore(path)
    const visitor = createVisitorId()
    const events: VisitorEvent[] = []
    store.subscribe(visitor, (event) => events.push(event))
    const writer = new Database(path)
    writer.exec(
      "CREATE TRIGGER fail_one BEFORE INSERT ON entries WHEN NEW.body LIKE '%refuse-me%' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    )
    writer.close()
    const text = (t: string) => createEntry({ content: { type: 'text', text: t } })
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
    await store.close()
    remove()
  })

  it('commits appends still queued when it closes, so an accepted append is never dropped', async () => {
    const { path, remove } = tempDbPath()
    const store = openSqliteStore(path)
    const visitor = createVisitorId()
    const pending = store.append(visitor, createEntry(), { dedupeKey: 'a3:late' })
    await store.close()
    const { entry } = await pending
    const reopened = openSqliteStore(path)
    expect(await reopened.readAfter(visitor, undefined, 10)).toEqual([entry])
    await reopened.close()
    await expect(store.append(visitor, createEntry())).rejects.toThrow(/closed/)
    remove()
  })

  it('reports a corrupt row instead of returning bad data', async () => {
    const { path, remove } = tempDbPath()
    const store = openSqliteStore(path)
    const visitor = createVisitorId()
    await store.append(visitor, createEntry())
    const writer = new Database(path)
    writer.prepare('UPDATE entries SET body = \'{"author":"nobody"}\'').run()
    writer.close()
    await expect(store.readAfter(visitor, undefined, 10)).rejects.toThrow(/corrupt/)
    await store.close()
    remove()
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
})
