import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Frame, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll } from 'vitest'
import { agentConsole } from '../../../kit/agent-console'
import { launchBrowser } from '../../../kit/chromium'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { startTestDemo, type TestDemo } from '../../support/demo'

/** The site owner's password of the demo these tests start. */
export const STUDIO_PASSWORD = 'correct horse battery staple'

/**
 * The studio in real Chromium against the whole demo, for a file's describe block: the
 * studio built as the sources say now (the backend serves dist/studio; the widget built
 * when missing, `npm test` builds it first), the demo started with `STUDIO_PASSWORD`, Anna
 * online when `agentOnline` (an invitation shows only then), one wide page. All closed
 * after the block. Read the fields inside the tests.
 */
export function useStudioDemo({ agentOnline = false } = {}) {
  const root = findRepoRoot()
  const rig = {
    demo: undefined as unknown as TestDemo,
    browser: undefined as unknown as Browser,
    page: undefined as unknown as Page,
    /** The demo's origin: the studio is at `${origin}/admin`. */
    origin: '',
    /** The studio's widget preview. */
    async previewFrame(): Promise<Frame> {
      const handle = await rig.page.locator('iframe[title="Widget preview"]').elementHandle()
      const frame = await handle?.contentFrame()
      if (!frame) throw new Error('the preview frame is missing')
      return frame
    },
  }
  beforeAll(async () => {
    await build({ configFile: join(root, 'studio/vite.config.ts'), logLevel: 'silent' })
    if (!existsSync(join(root, 'dist/widget/widget.js')))
      await build({ configFile: join(root, 'widget/vite.config.ts'), logLevel: 'silent' })
    rig.demo = await startTestDemo({ env: { ADMIN_PASSWORD: STUDIO_PASSWORD } })
    rig.origin = new URL(rig.demo.siteUrl).origin
    if (agentOnline)
      await agentConsole(rig.demo.consoleUrl.replace(/\/$/, '')).setOnline('Anna', true)
    rig.browser = await launchBrowser()
    rig.page = await rig.browser.newPage({ viewport: { width: 1440, height: 1000 } })
  }, 90_000)
  afterAll(async () => {
    await rig.browser?.close()
    await rig.demo?.dispose()
  })
  return rig
}
