import type { BrowserContext, Page } from 'playwright-core'
import { launcher } from '../../support/widget-page'

/**
 * A visitor's page of `url` that never answers from the HTTP cache (widget.js carries the
 * settings, so a change saved by the test shows at once), with the launcher shown.
 */
export async function uncachedPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await page.goto(url)
  await launcher(page).waitFor({ state: 'visible' })
  return page
}
