// What the widget transfers by the time a visitor has opened the chat for the first
// time: the host page loaded in the system Chromium (playwright-core), the launcher
// clicked, the chat's composer visible, the network quiet again; then by the first
// message the visitor sends.
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../kit/chromium'
import { watchWire } from './watch-wire'
import type { WireTotal } from './wire-bytes'

export type FirstOpen = {
  /**
   * Widget bytes transferred once the page loaded and the network went quiet
   * (`headerBytes`: their response headers; absent from older results).
   */
  beforeEngagement: Partial<WireTotal> & { bytes: number; requests: number }
  /** Widget bytes transferred in all, the chat opened. */
  atFirstOpen: Partial<WireTotal> & { bytes: number; requests: number }
  /**
   * Widget bytes transferred in all once the visitor has sent a first message (the
   * conversation's engine, the session, the live stream). Absent from older results.
   */
  atFirstMessage?: Partial<WireTotal> & { bytes: number; requests: number }
}

const QUIET_MS = 1500

async function quiet(page: Page): Promise<void> {
  // networkidle waits for 500 ms without requests; an open SSE stream does not count
  // against it in Chromium once its response started.
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForTimeout(QUIET_MS)
}

export async function measureFirstOpen(options: {
  executablePath: string
  pageUrl: string
  widgetOrigin: string
}): Promise<FirstOpen> {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const wire = watchWire(cdp)
    await cdp.send('Network.enable')
    const ofWidget = (url: string) => url.startsWith(`${options.widgetOrigin}/`)

    await page.goto(options.pageUrl, { waitUntil: 'load' })
    const launcher = page.locator('porthole-widget .ph-launcher')
    await launcher.waitFor({ state: 'visible', timeout: 15_000 })
    await quiet(page)
    const beforeEngagement = wire.total(ofWidget)

    await launcher.click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.waitFor({ state: 'visible' })
    await quiet(page)
    const atFirstOpen = wire.total(ofWidget)

    await box.fill('Hello, is anybody there?')
    await box.press('Enter')
    await quiet(page)
    return { beforeEngagement, atFirstOpen, atFirstMessage: wire.total(ofWidget) }
  } finally {
    await browser.close()
  }
}
