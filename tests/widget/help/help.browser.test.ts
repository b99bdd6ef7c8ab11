// @vitest-environment node
import type { BrowserContextOptions, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { routeHelp } from '../../../kit/help-routes'
import { seriousWidgetViolations } from '../../support/animations'
import { useWidgetBrowser } from '../support/browser-rig'

// Issue 34 in Chromium, the built widget against the fake backend with the help routes
// answered in the page as the articles' HTTP contract says.

const rig = useWidgetBrowser()

async function visit(lang = 'en', options: BrowserContextOptions = {}) {
  const backend = await rig.startBackend({ config: { lang: lang as 'en' } })
  // axe is added as a script: the fake backend's page has a strict CSP.
  const context = await rig.browser.newContext({ bypassCSP: true, ...options })
  const page = await context.newPage()
  const help = await routeHelp(page, backend.origin)
  await page.goto(`${backend.origin}/`)
  await page.locator('porthole-widget .ph-launcher').waitFor()
  return { page, help, backend, close: () => context.close() }
}

/** The widget's help chunk, as the browser fetched it (or not). */
const helpChunks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/assets\/help-[\w-]{8}\.js$/.test(name)),
  )

describeInBrowser('the Help view and suggestions in Chromium', () => {
  it('suggests an article while the visitor types, opens it in the chat, and counts "Yes"', async () => {
    const { page, help, close } = await visit()
    await page.getByRole('button', { name: /open chat/i }).click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.waitFor()
    // The first open fetches nothing of the help chunk.
    expect(await helpChunks(page)).toEqual([])
    await box.pressSequentially('how do I return my jacket')
    const suggestion = page.getByRole('button', { name: /Returning an order/ })
    await suggestion.waitFor()
    expect(await helpChunks(page)).toHaveLength(1)
    await expect
      .poll(() => help.events)
      .toEqual([
        { type: 'suggestions_shown', query: 'how do I return my jacket', articleId: 'returns' },
      ])
    await suggestion.click()
    const title = page.getByRole('heading', { name: 'Returning an order' })
    await title.waitFor()
    await page.getByText('Drop the parcel at any post office.').waitFor()
    expect(
      await page.getByRole('link', { name: 'our returns policy' }).getAttribute('target'),
    ).toBe('_blank')
    expect(await seriousWidgetViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Yes' }).click()
    await page.getByText('Thank you! Glad it helped.').waitFor()
    await expect
      .poll(() => help.events.map((event) => event.type))
      .toEqual(['suggestions_shown', 'article_opened', 'helpful'])
    expect(help.events.at(-1)).toEqual({
      type: 'helpful',
      articleId: 'returns',
      query: 'how do I return my jacket',
    })
    // Escape twice: the list, then the conversation with the text still in the box.
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Help' }).waitFor()
    await page.keyboard.press('Escape')
    await box.waitFor()
    expect(await box.inputValue()).toBe('how do I return my jacket')
    expect(await box.evaluate((element) => element.matches(':focus'))).toBe(true)
    await close()
  })

  it('sends at once with Enter while a suggestion shows', async () => {
    const { page, backend, close } = await visit()
    await page.getByRole('button', { name: /open chat/i }).click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially('when will my order arrive here')
    await page.getByRole('button', { name: /Shipping times and costs/ }).waitFor()
    await box.press('Enter')
    await expect.poll(() => backend.messages.length).toBe(1)
    await page
      .getByRole('button', { name: /Shipping times and costs/ })
      .waitFor({ state: 'hidden' })
    await close()
  })

  for (const [lang, help, featured, article] of [
    ['ar', 'المساعدة', 'مواعيد الشحن وتكاليفه', 'إرجاع طلب'],
    ['ja', 'ヘルプ', '配送日数と送料', 'ご注文の返品について'],
  ] as const)
    it(`the Help view in ${lang}: its texts, the featured articles, the reader, axe clean`, async () => {
      const { page, close } = await visit(lang)
      await page.locator('porthole-widget .ph-launcher').click()
      await page.getByRole('button', { name: help }).click()
      await page.getByRole('heading', { name: help }).waitFor()
      await page.getByRole('button', { name: featured }).waitFor()
      expect(await seriousWidgetViolations(page)).toEqual([])
      const frame = page.locator('porthole-widget .ph-frame')
      expect(await frame.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
      await page.getByRole('searchbox').fill(lang === 'ar' ? 'إرجاع' : '返品')
      await page.getByRole('button', { name: article }).click()
      await page.getByRole('heading', { name: article }).waitFor()
      await page.locator('.ph-article-body li').first().waitFor()
      expect(await seriousWidgetViolations(page)).toEqual([])
      await close()
    })

  it('the reader on a dark phone: axe clean, nothing wider than the screen', async () => {
    const { page, close } = await visit('en', {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      isMobile: true,
      hasTouch: true,
    })
    await page.locator('porthole-widget .ph-launcher').click()
    await page.getByRole('button', { name: 'Help' }).click()
    await page.getByRole('button', { name: /Returning an order/ }).click()
    await page.getByRole('img', { name: 'The return label' }).waitFor()
    expect(await seriousWidgetViolations(page)).toEqual([])
    // The table scrolls in its own box; images fit; the page itself does not scroll sideways.
    const widths = await page.locator('porthole-widget .ph-help').evaluate((view) => ({
      view: view.clientWidth,
      scroll: view.scrollWidth,
      image: view.querySelector('img')?.getBoundingClientRect().width ?? 0,
    }))
    expect(widths.scroll).toBe(widths.view)
    expect(widths.image).toBeLessThanOrEqual(widths.view)
    await close()
  })

  it('on a phone with the keyboard up, three suggestions show their titles and leave room for the conversation', async () => {
    const { page, close } = await visit('en', {
      viewport: { width: 390, height: 500 },
      isMobile: true,
      hasTouch: true,
    })
    await page.getByRole('button', { name: /open chat/i }).click()
    await page
      .getByRole('textbox', { name: 'Message' })
      .pressSequentially('return, shipping and sizes')
    await page.getByRole('button', { name: /Finding your size/ }).waitFor()
    const sizes = await page.locator('porthole-widget .ph-window').evaluate((window) => ({
      window: window.getBoundingClientRect().height,
      suggest: window.querySelector('.ph-suggest')?.getBoundingClientRect().height ?? 0,
      item: window.querySelector('.ph-help-item')?.getBoundingClientRect().height ?? 0,
    }))
    // The title's line and its padding; the box never takes more than about half the window.
    expect(sizes.item).toBeGreaterThanOrEqual(30)
    expect(sizes.suggest).toBeLessThanOrEqual(sizes.window * 0.46)
    await close()
  })

  it('Porthole.searchArticles answers in the page before the chat was opened', async () => {
    const { page, backend, close } = await visit()
    const answer = await page.evaluate(() =>
      (
        window as unknown as { Porthole: { searchArticles(q: string): Promise<unknown> } }
      ).Porthole.searchArticles('what sizes do you have'),
    )
    expect(answer).toEqual({
      confident: true,
      results: [
        {
          id: 'sizes',
          title: 'Finding your size',
          snippet: 'Measure your chest and waist, then compare with the size table.',
          url: `${backend.origin}/help/sizes`,
        },
      ],
    })
    // No session and no chat for it.
    expect(backend.requests.filter((path) => path.startsWith('/api/session'))).toEqual([])
    expect(await page.getByRole('dialog').count()).toBe(0)
    await close()
  })
})
