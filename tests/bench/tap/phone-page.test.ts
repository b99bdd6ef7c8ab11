import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPhonePage, PHONE_VIEWPORT } from '../../../bench/tap/phone-profile'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'

describeInBrowser('openPhonePage', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('opens a page with the phone’s viewport and touch, ready for a probe tsx compiled', async () => {
    const { context, page } = await openPhonePage(browser)
    try {
      await page.goto(
        `data:text/html,${encodeURIComponent('<meta name="viewport" content="width=device-width">')}`,
      )
      const seen = await page.evaluate(() => ({
        width: window.innerWidth,
        touch: navigator.maxTouchPoints > 0,
        named: typeof (globalThis as { __name?: unknown }).__name,
      }))
      expect(seen).toEqual({ width: PHONE_VIEWPORT.width, touch: true, named: 'function' })
    } finally {
      await context.close()
    }
  })
})
