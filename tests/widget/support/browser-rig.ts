import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { ensureWidgetBuild } from '../../../kit/built-widget'
import { launchBrowser } from '../../../kit/chromium'
import { type FakeBackendServer, startFakeBackend } from '../../../kit/fake-backend'

type BackendOptions = Parameters<typeof startFakeBackend>[0]

/**
 * The built widget in one Chromium, for a describe block (or a file, when called at its
 * top): the build first, when stale, and the browser started before its tests; `startBackend`
 * starts a fake backend for one test. The browser and every backend are closed after them.
 */
export function useWidgetBrowser() {
  const backends: FakeBackendServer[] = []
  const rig = {
    browser: undefined as unknown as Browser,
    async startBackend(options?: BackendOptions): Promise<FakeBackendServer> {
      const backend = await startFakeBackend(options)
      backends.push(backend)
      return backend
    },
  }
  beforeAll(async () => {
    await ensureWidgetBuild()
    rig.browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    await rig.browser?.close()
    for (const backend of backends) await backend.close()
  })
  return rig
}

/**
 * The built widget on one fake backend in one Chromium, for a describe block: started before
 * its tests, closed after them. Read `browser` and `backend` inside the tests.
 */
export function useWidgetInBrowser(options?: BackendOptions) {
  const browserRig = useWidgetBrowser()
  const rig = {
    browser: undefined as unknown as Browser,
    backend: undefined as unknown as FakeBackendServer,
    /**
     * A new visitor (a fresh browser context, its own storage) on the backend's page; with
     * `open`, the chat opened from the launcher. Close the context at the end of the test.
     */
    async visit({
      open = false,
      ...options
    }: BrowserContextOptions & { open?: boolean } = {}): Promise<{
      context: BrowserContext
      page: Page
    }> {
      const context = await rig.browser.newContext(options)
      const page = await context.newPage()
      await page.goto(`${rig.backend.origin}/`)
      if (open) await page.getByRole('button', { name: /open chat/i }).click()
      return { context, page }
    },
  }
  beforeAll(async () => {
    rig.browser = browserRig.browser
    rig.backend = await browserRig.startBackend(options)
  }, 180_000)
  return rig
}

/**
 * The page's errors and console messages of these kinds (default: errors), as they come:
 * a test ends with `expect(problems).toEqual([])`.
 */
export function pageProblems(page: Page, kinds: string[] = ['error']): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (kinds.includes(message.type())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(String(error)))
  return problems
}
