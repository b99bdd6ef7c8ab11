import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { launchBrowser } from '../../kit/chromium'
import type { BotArticles } from '../../server/bot/articles'
import { requireBuiltWidget } from './browser'
import { startTestDemo, type TestDemo } from './demo'

export type BrowserDemo = { readonly browser: Browser; readonly demo: TestDemo }

/**
 * One Chromium and one demo (sandbox + backend on free ports) for a test file, started
 * before its tests and closed after them; `onlineAgent` is switched online first.
 *
 * @example const e2e = useBrowserDemo({ onlineAgent: 'Anna' }) // then e2e.browser, e2e.demo
 */
export function useBrowserDemo(
  options: { onlineAgent?: string; env?: Record<string, string>; articles?: BotArticles } = {},
): BrowserDemo {
  let browser: Browser | undefined
  let demo: TestDemo | undefined

  beforeAll(async () => {
    requireBuiltWidget()
    ;[browser, demo] = await Promise.all([
      launchBrowser(),
      startTestDemo({
        ...(options.env ? { env: options.env } : {}),
        ...(options.articles ? { articles: options.articles } : {}),
      }),
    ])
    if (options.onlineAgent)
      await agentConsole(demo.sandbox.url).setOnline(options.onlineAgent, true)
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.dispose()
  })

  return {
    get browser() {
      if (!browser) throw new Error('useBrowserDemo: the browser is used before beforeAll ran')
      return browser
    },
    get demo() {
      if (!demo) throw new Error('useBrowserDemo: the demo is used before beforeAll ran')
      return demo
    },
  }
}
