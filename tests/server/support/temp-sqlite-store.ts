import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'

/** Runs `use` on a sqlite store in a fresh temp folder, then closes it and removes the folder. */
export async function onTempSqliteStore(use: (store: Store) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-sqlite-'))
  const store = openSqliteStore(join(dir, 'porthole.db'))
  try {
    await use(store)
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
