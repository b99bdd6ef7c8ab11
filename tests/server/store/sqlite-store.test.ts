import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { createEntry, createVisitorId, describeStoreConformance } from './conformance'

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
