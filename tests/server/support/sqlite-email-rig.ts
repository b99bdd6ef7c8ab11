import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { stopMailApps } from './mail-apps'
import { type SmtpSink, startSmtpSink } from './smtp-sink'
import type { TestApp } from './test-app'

export type SqliteEmailRig = {
  sink: SmtpSink
  store: Store
  /** The apps a test starts on the store: close() stops each and its e-mail service. */
  apps: TestApp[]
  close(): Promise<void>
}

/** A sqlite store in a temp folder on the test's clock and a real SMTP sink, for e-mail tests. */
export async function openSqliteEmailRig(now: () => number): Promise<SqliteEmailRig> {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-email-'))
  const sink = await startSmtpSink()
  const store = openSqliteStore(join(dir, 'porthole.db'), { now })
  const apps: TestApp[] = []
  return {
    sink,
    store,
    apps,
    async close() {
      await stopMailApps(apps)
      await store.close()
      await sink.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
