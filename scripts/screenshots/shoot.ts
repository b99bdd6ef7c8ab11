// One screenshot of the built widget on the fake backend, for the docs' screenshot scripts
// (conversation.ts, defects.ts): a fresh backend and browser context per picture.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { type FakeBackendServer, PLAIN_HOST_CSS, startFakeBackend } from '../../kit/fake-backend'
import type { PublicConfig } from '../../shared/widget-api'

export const DESKTOP = { viewport: { width: 1100, height: 780 } }

export type ShotOptions = {
  context?: BrowserContextOptions
  config?: Partial<PublicConfig>
  online?: boolean
  /** The host page's HTML instead of the fake backend's own. */
  html?: string
  /** Open the chat before `act` (the default). */
  open?: boolean
  /** Runs before the page loads (an init script, a blocked route). */
  before?: (page: Page) => Promise<void>
  act: (page: Page, backend: FakeBackendServer) => Promise<void>
}

/**
 * `shoot(name, options)` writes `<outDir>/<name>.png` once `act` is done and the widget
 * has had `settleMs` to finish its transitions.
 * @example const shoot = createShooter(browser, 'docs/images', 400)
 */
export function createShooter(browser: Browser, outDir: string, settleMs: number) {
  return async function shoot(name: string, options: ShotOptions): Promise<void> {
    const backend = await startFakeBackend({
      config: {
        title: 'Acme Outdoor support',
        color: '#0f766e',
        greeting: 'Hi! A person is never far away.',
        offlineText: 'Our team is away right now. Leave a message and we will answer here.',
        ...options.config,
      },
      online: options.online ?? true,
      hostCss: PLAIN_HOST_CSS,
      ...(options.html ? { html: options.html } : {}),
    })
    const context = await browser.newContext({ ...DESKTOP, ...options.context })
    const page = await context.newPage()
    await options.before?.(page)
    await page.goto(`${backend.origin}/`)
    if (options.open !== false) {
      await page.locator('porthole-widget .ph-launcher').click()
      await page.locator('porthole-widget .ph-window').waitFor()
    }
    await options.act(page, backend)
    await page.waitForTimeout(settleMs)
    await page.screenshot({ path: `${outDir}/${name}.png` })
    await context.close()
    await backend.close()
  }
}
