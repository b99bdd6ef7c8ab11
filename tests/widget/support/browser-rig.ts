import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { ensureWidgetBuild } from '../../../kit/built-widget'
import { launchBrowser } from '../../../kit/chromium'
import { type FakeBackendServer, startFakeBackend } from '../../../kit/fake-backend'

/**
 * The built widget on a fake backend in one Chromium, for a describe block: started before
 * its tests (the build first, when stale), closed after them. Read `browser` and `backend`
 * inside the tests.
 */
export function useWidgetInBrowser(options?: Parameters<typeof startFakeBackend>[0]) {
  const rig = {} as { browser: Browser; backend: FakeBackendServer }
  beforeAll(async () => {
    await ensureWidgetBuild()
    rig.backend = await startFakeBackend(options)
    rig.browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    await rig.browser?.close()
    await rig.backend?.close()
  })
  return rig
}
