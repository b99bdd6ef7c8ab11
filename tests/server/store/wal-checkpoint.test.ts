import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { CHECKPOINT_INTERVAL_MS, createWalCheckpointer } from '../../../server/store/wal-checkpoint'
import { createEntry, createVisitorId } from '../support/conformance'

// The sqlite store's checkpoints run in a worker thread, not in the commits of the
// event loop (server/store/wal-checkpoint.ts).

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function openStore(): { store: Store; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-checkpoint-'))
  dirs.push(dir)
  const path = join(dir, 'porthole.db')
  const store = openSqliteStore(path)
  stores.push(store)
  return { store, path }
}

describe('sqlite store: checkpoints off the event loop', () => {
  it('stops checkpointing in its own commits once appends come', async () => {
    const { store } = openStore()
    const autoPages = () => store.sqliteDatabase?.pragma('wal_autocheckpoint', { simple: true })
    // Before any append: SQLite's own checkpoints (a store that only keeps records).
    expect(autoPages()).toBe(1000)
    await store.append(createVisitorId(), createEntry())
    expect(autoPages()).toBe(0)
  })

  it('folds the log into the database file long before SQLite would', async () => {
    const { store, path } = openStore()
    const visitor = createVisitorId()
    await store.append(visitor, createEntry())
    const before = statSync(path).size
    // A few dozen pages: far under the 1,000 that make SQLite's own commit checkpoint.
    for (let n = 0; n < 40; n += 1) await store.append(visitor, createEntry())
    await expect.poll(() => statSync(path).size).toBeGreaterThan(before)
    expect(await store.readAfter(visitor, undefined, 100)).toHaveLength(41)
  })

  it('erases with the worker running: the truncated log and the file hold no erased text', async () => {
    const { store, path } = openStore()
    const visitor = createVisitorId()
    for (let n = 0; n < 50; n += 1)
      await store.append(visitor, createEntry({ content: { type: 'text', text: `GONE-${n}` } }))
    await expect.poll(() => statSync(path).size).toBeGreaterThan(0)
    expect(await store.eraseVisitor(visitor, { records: [], indexes: [] })).toBe(50)
    expect(statSync(`${path}-wal`).size).toBe(0)
  })
})

describe('createWalCheckpointer', () => {
  it('runs an exclusive checkpoint only once the worker has finished its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-checkpoint-'))
    dirs.push(dir)
    const path = join(dir, 'porthole.db')
    const db = new Database(path)
    db.pragma('journal_mode = WAL')
    db.exec('CREATE TABLE t (x TEXT)')
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const checkpoints = createWalCheckpointer(db, path)
    checkpoints.started()
    expect(checkpoints.offLoop()).toBe(true)
    // The worker's checkpoint is on its way: the caller's own must wait for it.
    vi.advanceTimersByTime(CHECKPOINT_INTERVAL_MS)
    let ran = false
    const exclusive = checkpoints.exclusive(() => {
      ran = true
      return db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
    })
    expect(ran).toBe(false)
    const [result] = await exclusive
    expect(result?.busy).toBe(0)
    await checkpoints.close()
    db.close()
  })
})
