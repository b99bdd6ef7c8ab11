import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runtimeOf } from '../../../server/app'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import { startSmtpSink } from './smtp-sink'
import type { TestApp } from './test-app'

/**
 * A sqlite store in a folder of its own and a real SMTP server on loopback, for one
 * test; close() stops the app's e-mail (when given), the store and the server, and
 * removes the folder.
 */
export async function openSqliteMail(now: () => number) {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-email-'))
  const sink = await startSmtpSink()
  const store = openSqliteStore(join(dir, 'porthole.db'), { now })
  return {
    sink,
    store,
    async close(app?: TestApp): Promise<void> {
      if (app) {
        app.stop()
        await runtimeOf(app.app).email.stop()
      }
      await store.close()
      await sink.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
export type SqliteMail = Awaited<ReturnType<typeof openSqliteMail>>
