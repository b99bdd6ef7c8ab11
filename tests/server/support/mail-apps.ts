import { runtimeOf } from '../../../server/app'
import type { AppDeps } from '../../../server/app-deps'
import type { Store } from '../../../server/store/types'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import type { SmtpSink } from './smtp-sink'
import { createTestApp, type TestApp } from './test-app'

/** Stops each app and its e-mail service (the mail outbox's timers), emptying the list. */
export async function stopMailApps(apps: TestApp[]): Promise<void> {
  for (const t of apps.splice(0)) {
    t.stop()
    await runtimeOf(t.app).email.stop()
  }
}

/**
 * An app on `store` and the test's clock that e-mails a missed reply 60 s after it
 * through `sink`; kept in `apps` for stopMailApps.
 */
export function startMissedReplyApp(options: {
  store: Store
  sink: SmtpSink
  now: () => number
  apps: TestApp[]
  email?: AppDeps['email']
}): TestApp {
  const t = createTestApp({
    store: options.store,
    now: options.now,
    config: createTestConfig(
      {},
      { SMTP_URL: options.sink.url, EMAIL_FROM: 'chat@northwind.example' },
    ),
    settings: createTestSettings({ email: { afterSeconds: 60 } }),
    email: { resumeUrl: async () => 'https://shop.example/', ...options.email },
  })
  options.apps.push(t)
  return t
}
