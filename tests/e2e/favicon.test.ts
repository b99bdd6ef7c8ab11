import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'

// Every page of the demo in Chromium asks for no resource that is not there: a page
// without an icon of its own makes a browser fetch /favicon.ico, a 404 in every log.

const e2e = useBrowserDemo({ env: { ADMIN_PASSWORD: 'correct horse battery staple' } })

/**
 * What `page` shows at `url` that would 404: any resource it loads, and its icon. Headless
 * Chromium never asks for /favicon.ico, but a desktop browser does for a page that names
 * no icon; so every page must name one, and the one it names must load.
 */
async function missingOn(page: Page, url: string): Promise<string[]> {
  const missing: string[] = []
  page.on('response', (response) => {
    if (response.status() === 404 && response.url() !== url) missing.push(response.url())
  })
  await page.goto(url, { waitUntil: 'load' })
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((link) => link.href),
  )
  if (icons.length === 0) missing.push(`${url}: no icon, so the browser asks for /favicon.ico`)
  for (const icon of icons.filter((href) => !href.startsWith('data:'))) {
    const status = await page.evaluate((href) => fetch(href).then((r) => r.status), icon)
    if (status !== 200) missing.push(`${icon}: ${status}`)
  }
  return missing
}

describeInBrowser('the demo’s pages in Chromium', () => {
  it('load no 404: the site, the strict-CSP page, the console, the studio, the e-mail pages', async () => {
    const { demo, browser } = e2e
    const site = new URL(demo.siteUrl).origin
    const pages = [
      `${site}/`,
      `${site}/hostile.html`,
      demo.consoleUrl,
      `${site}/admin`,
      // An e-mail's links, followed with a stale token: the answer is the page, no icon.
      `${site}/email/unsubscribe/not-a-token`,
      `${site}/r/not-a-token`,
    ]
    const found: Record<string, string[]> = {}
    for (const url of pages) {
      const page = await browser.newPage()
      found[url] = await missingOn(page, url)
      await page.close()
    }
    expect(found).toEqual(Object.fromEntries(pages.map((url) => [url, []])))
  })
})
