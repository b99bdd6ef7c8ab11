import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import { createEntry, createVisitorId } from '../support/conformance'

// The raw files, not the API: an erased text must not survive in a free page of the
// database or in an old frame of the write-ahead log.

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function rawFiles(path: string): string {
  return [path, `${path}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n')
}

describe('sqlite eraseVisitor on the raw files', () => {
  it('leaves no copy of the erased texts in the database file or its write-ahead log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-erase-'))
    dirs.push(dir)
    const path = join(dir, 'porthole.db')
    const store = openSqliteStore(path)
    const visitor = createVisitorId()
    const other = createVisitorId()
    const secret = 'ERASE-ME-7f3a9c'
    const kept = 'KEEP-ME-51b2d0'
    // Enough rows to span several pages, in both tables the erasure touches.
    for (let n = 0; n < 200; n += 1) {
      await store.append(
        visitor,
        createEntry({ content: { type: 'text', text: `${secret} ${n}` } }),
      )
      await store.append(other, createEntry({ content: { type: 'text', text: `${kept} ${n}` } }))
    }
    await store.setRecord(`profile:${visitor}`, { contact: { name: secret } })
    await store.setRecord(`profile:${other}`, { contact: { name: kept } })
    expect(rawFiles(path)).toContain(secret)

    const erased = await store.eraseVisitor(visitor, {
      records: [`profile:${visitor}`],
      indexes: [],
    })

    expect(erased).toBe(200)
    expect(rawFiles(path)).not.toContain(secret)
    expect(rawFiles(path)).toContain(kept)
    await store.close()
    expect(rawFiles(path)).not.toContain(secret)
  })
})
