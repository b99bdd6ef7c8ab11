// Screenshots of the Help view and the suggestions (issue 34) for the docs, on the fake
// backend with the help routes answered in the page (kit/help-routes.ts):
//   npx tsx scripts/screenshots/help.ts [outDir]
// Writes help-suggestions.png, help.png, help-article.png, help-dark.png, help-phone.png
// and help-ar.png (default docs/images/).
import type { Page } from 'playwright-core'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { launchBrowser } from '../../kit/chromium'
import type { FakeBackendServer } from '../../kit/fake-backend'
import { routeHelp } from '../../kit/help-routes'
import { createShooter, DESKTOP } from './shoot'

const outDir = process.argv[2] ?? 'docs/images'
await ensureWidgetBuild()
const browser = await launchBrowser()
const shoot = createShooter(browser, outDir, 500)
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

async function helpView(page: Page, backend: FakeBackendServer, name = 'Help') {
  await routeHelp(page, backend.origin)
  await page.getByRole('button', { name, exact: true }).click()
  await page.locator('porthole-widget .ph-help-list').waitFor()
}
async function article(page: Page, backend: FakeBackendServer, title: string, name = 'Help') {
  await helpView(page, backend, name)
  await page.getByRole('button', { name: title }).click()
  await page.locator('porthole-widget .ph-feedback').waitFor()
}

await shoot('help-suggestions', {
  act: async (page, backend) => {
    await routeHelp(page, backend.origin)
    await page
      .getByRole('textbox', { name: 'Message' })
      .pressSequentially('how do I return my jacket')
    await page.locator('porthole-widget .ph-suggest').waitFor()
  },
})
await shoot('help', { act: (page, backend) => helpView(page, backend) })
await shoot('help-article', {
  act: (page, backend) => article(page, backend, 'Returning an order You can return'),
})
await shoot('help-dark', {
  context: { ...DESKTOP, colorScheme: 'dark' },
  act: (page, backend) => article(page, backend, 'Returning an order You can return'),
})
await shoot('help-phone', {
  context: PHONE,
  act: async (page, backend) => {
    await article(page, backend, 'Returning an order You can return')
    await page.locator('porthole-widget .ph-article-table').scrollIntoViewIfNeeded()
  },
})
await shoot('help-ar', {
  config: { lang: 'ar', title: 'دعم أكمي', greeting: 'مرحبًا! كيف يمكننا مساعدتك؟' },
  act: async (page, backend) => {
    await helpView(page, backend, 'المساعدة')
    await page.getByRole('searchbox').fill('إرجاع')
    await page.locator('porthole-widget .ph-help-status').getByText('1').waitFor()
  },
})
await browser.close()
console.log(`screenshots written to ${outDir}/`)
