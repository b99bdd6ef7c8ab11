import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import type { TestDemo } from '../../support/demo'
import { axeViolations } from '../../support/studio-axe'
import { type HelpRoutes, routeHelpApi } from '../support/help-routes'
import { STUDIO_PASSWORD, useStudioDemo } from '../support/studio-demo'

// The studio's Articles screens in real Chromium: the studio and its login from the
// demo's backend, /admin/api/help/* answered per the HTTP contract by the page's routing.
// A site owner writes an article with a table and a link and sees them in the preview,
// finds it in the list, deletes it after confirming; an import names its bad line; a
// site import shows its progress; the numbers and the questions with no article.

const SHOTS = process.env.STUDIO_ARTICLES_SHOTS
let demo: TestDemo
let page: Page
let help: HelpRoutes

const articles = () => page.locator('#articles')
const shot = async (name: string) => {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  // The sticky top bar would cover part of a section taller than the window.
  const bar = page.locator('header.topbar')
  await bar.evaluate((element: HTMLElement) => (element.style.visibility = 'hidden'))
  await articles().screenshot({ path: join(SHOTS, name) })
  await bar.evaluate((element: HTMLElement) => (element.style.visibility = ''))
}

describeInBrowser('the studio’s Articles section in Chromium', () => {
  const studio = useStudioDemo({ agentOnline: false })
  beforeAll(async () => {
    ;({ demo, page } = studio)
    help = await routeHelpApi(page)
    help.stats = {
      searches: 1840,
      suggestionsShown: 652,
      articlesOpened: 311,
      helpful: 97,
      notHelpful: 12,
      deflections: 164,
      botAnswers: 88,
      modelAnswers: 57,
      modelHelped: 31,
      modelFallbacks: 19,
      modelFallbackReasons: { no_answer: 12, timeout: 5, bad_link: 2 },
      unanswered: [
        {
          question: 'do you ship to norway',
          language: 'en',
          count: 14,
          lastAt: Date.UTC(2026, 10, 28, 8),
        },
        {
          question: 'можно ли оплатить наличными',
          language: 'ru',
          count: 6,
          lastAt: Date.UTC(2026, 10, 27, 17),
        },
      ],
    }
    await page.goto(`${new URL(demo.siteUrl).origin}/admin`)
    await page.getByLabel('Password').fill(STUDIO_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Settings studio' }).waitFor()
  }, 90_000)

  it('shows the numbers and the questions with no article; “Write an article” opens the editor with it', async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Articles' })
      .click()
    await articles().getByText('1,840').waitFor()
    const written = articles().getByRole('definition').filter({ hasText: /^57$/ })
    expect(await written.count()).toBe(1)
    await articles()
      .getByRole('table', { name: 'Why the article answer went instead' })
      .getByRole('row', { name: /The model took too long/ })
      .waitFor()
    await articles().getByText('No articles match.').waitFor()
    const row = articles().getByRole('row', { name: /do you ship to norway/ })
    await row.getByRole('button', { name: /Write an article/ }).click()
    const form = articles().getByRole('form', { name: 'New article' })
    expect(await form.getByLabel('Title').inputValue()).toBe('do you ship to norway')
    expect(await form.getByLabel('Id (in the address)').inputValue()).toBe('do-you-ship-to-norway')
    await form.getByRole('button', { name: 'Back to the list' }).click()
    await articles().getByRole('button', { name: 'New article' }).waitFor()
  }, 30_000)

  it('creates an article, the preview showing its table and link; lists it; edits it; deletes it after confirming', async () => {
    await articles().getByRole('button', { name: 'New article' }).click()
    const form = articles().getByRole('form', { name: 'New article' })
    await form.getByLabel('Title').fill('Shipping times and costs')
    await form.getByLabel('Category').fill('Shipping')
    await form.getByLabel('Keywords').fill('delivery, postage')
    await form
      .getByLabel('Text (Markdown)')
      .fill(
        '## Where we ship\n\nWe ship to the EU and the UK.\n\n| Zone | Days | Cost |\n|---|---|---|\n| EU | 3–5 | €4.90 |\n| UK | 5–7 | €9.90 |\n\nSee [all rates](https://shop.example/rates).\n\n- Free over €60\n- Tracked parcels',
      )
    const preview = articles().getByRole('region', { name: 'Preview: what visitors see' })
    await preview.getByRole('table').waitFor()
    expect(await preview.getByRole('cell', { name: '3–5' }).count()).toBe(1)
    const link = preview.getByRole('link', { name: 'all rates' })
    expect(await link.getAttribute('href')).toBe('https://shop.example/rates')
    expect(await link.getAttribute('target')).toBe('_blank')
    await articles().getByText('Unsaved changes').waitFor()
    await shot('studio-articles-editor.png')
    await form.getByLabel('Published (visitors and the bot find it)').check()
    await form.getByRole('button', { name: 'Save article' }).click()
    await articles().getByText('Saved “Shipping times and costs”.').waitFor()
    expect(help.articles.get('shipping-times-and-costs')).toMatchObject({
      title: 'Shipping times and costs',
      category: 'Shipping',
      keywords: ['delivery', 'postage'],
      language: 'en',
      published: true,
    })

    await articles().getByRole('button', { name: 'Back to the list' }).click()
    const listed = articles().getByRole('button', { name: 'Shipping times and costs', exact: true })
    await listed.waitFor()
    await shot('studio-articles.png')
    await listed.click()
    const edit = articles().getByRole('form', { name: 'Edit “Shipping times and costs”' })
    expect(await edit.getByLabel('Id (in the address)').getAttribute('readonly')).not.toBeNull()
    await edit.getByLabel('Text (Markdown)').press('End')
    await edit
      .getByLabel('Text (Markdown)')
      .pressSequentially('\n\n| Size | Chest |\n|---|---|\n| M | 96 |')
    await preview.getByRole('cell', { name: '96' }).waitFor()
    // The saved article's table and link are still drawn while it is edited.
    await preview.getByRole('cell', { name: '€9.90' }).waitFor()
    expect(await preview.getByRole('link', { name: 'all rates' }).getAttribute('href')).toBe(
      'https://shop.example/rates',
    )

    // Declined: nothing deleted. Accepted: gone from the backend and the list.
    page.once('dialog', (dialog) => void dialog.dismiss())
    await edit.getByRole('button', { name: 'Delete article' }).click()
    expect(help.articles.has('shipping-times-and-costs')).toBe(true)
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Delete the article “Shipping times and costs”?')
      void dialog.accept()
    })
    await edit.getByRole('button', { name: 'Delete article' }).click()
    await articles().getByText('The article was deleted.').waitFor()
    await articles().getByText('No articles match.').waitFor()
    expect(help.calls).toContain('DELETE /articles/shipping-times-and-costs')
    expect(help.articles.size).toBe(0)
  }, 60_000)

  it('names the bad line of an NDJSON import and imports nothing; a good one lands in the list', async () => {
    await articles().getByText('Import articles').click()
    const lines = articles().getByLabel('Or paste the lines')
    await lines.fill(
      '{"id":"sizes","title":"Size guide","body":"| Size | Chest |","language":"en"}\n{"id":"returns","title":\n',
    )
    await articles().getByRole('button', { name: 'Import', exact: true }).click()
    await articles()
      .getByRole('alert')
      .getByText(/line 2 is not a valid article/)
      .waitFor()
    expect(help.articles.size).toBe(0)
    await lines.fill(
      '{"id":"sizes","title":"Size guide","body":"Measure around the chest.\\n\\n| Size | Chest |\\n|---|---|\\n| S | 88 cm |\\n| M | 96 cm |\\n| L | 104 cm |","language":"en","category":"Sizes"}\n',
    )
    await articles().getByRole('button', { name: 'Import', exact: true }).click()
    await articles().getByText('Imported 1 article (published).').waitFor()
    await articles().getByRole('button', { name: 'Size guide', exact: true }).waitFor()
  }, 30_000)

  it('imports from the site with its progress, the pages not imported named by address', async () => {
    help.jobSteps = [
      { state: 'running', total: 3, fetched: 0, imported: 0, errors: [] },
      { state: 'running', total: 3, fetched: 1, imported: 1, errors: [] },
      {
        state: 'done',
        total: 3,
        fetched: 3,
        imported: 2,
        errors: [{ url: 'https://shop.example/help/old-page', reason: 'HTTP 404' }],
      },
    ]
    await articles().getByLabel('Sitemap address').fill('https://shop.example/sitemap.xml')
    await articles().getByLabel('Category (optional)').fill('Help')
    await articles().getByRole('button', { name: 'Import the pages' }).click()
    await articles()
      .getByText(/Fetched 1 of 3 pages · 1 imported/)
      .waitFor()
    await articles()
      .getByText(/Done: 2 of 3 pages imported · 1 page not imported/)
      .waitFor()
    await articles().getByText('https://shop.example/help/old-page').waitFor()
    await articles().locator('details.imports').scrollIntoViewIfNeeded()
    if (SHOTS)
      await articles()
        .locator('details.imports')
        .screenshot({ path: join(SHOTS, 'studio-articles-import.png') })
    expect(help.calls).toContain('POST /import/pages')
  }, 30_000)

  it('is axe-clean and fits a phone, light and dark', async () => {
    expect(await axeViolations(page)).toEqual([])
    await articles().getByRole('button', { name: 'Size guide', exact: true }).click()
    await articles().getByRole('form', { name: 'Edit “Size guide”' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot('studio-articles-dark.png')
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot('studio-articles-phone.png')
    expect(await axeViolations(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1440, height: 1000 })
  }, 30_000)
})
