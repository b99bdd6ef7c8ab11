import { mkdirSync } from 'node:fs'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { PLAIN_HOST_CSS, startFakeBackend } from '../../kit/fake-backend'
import { seriousWidgetViolations } from '../support/animations'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, messageLog, openChat, say, visit, waitOnline } from '../support/widget-page'

// Issue 24: the demo bot's BUTTONS and MARKDOWN as they were sent, in Chromium against the
// built widget and the demo (sandbox + backend + its rules). Screenshots of each look go
// to $SHOTS (default /tmp/shots): bot-buttons-{desktop,phone,dark,rtl}.png.

const SHOTS = process.env.SHOTS ?? '/tmp/shots'
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

const quickReplies = (page: Page) => messageLog(page).locator('.ph-quick button')

describeInBrowser('the bot’s buttons and Markdown in the widget (demo rules)', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  async function visitor(options: BrowserContextOptions = {}) {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'en-US', ...options })
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await openChat(page)
    return { context, page }
  }

  it('taps "Abroad" and gets the bot’s next answer; the buttons are gone, also after a reload', async () => {
    mkdirSync(SHOTS, { recursive: true })
    const { context, page } = await visitor()
    await say(page, 'Do you ship abroad?')
    await bubble(page, 'Where should we ship?').waitFor()
    await expect
      .poll(() => quickReplies(page).allTextContents())
      .toEqual(['Within the country', 'Abroad', 'Talk to a person'])
    // Drawn after the list followed the message: the log still shows them whole.
    const [last, log] = await Promise.all([
      quickReplies(page).last().boundingBox(),
      messageLog(page).boundingBox(),
    ])
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(
      (log?.y ?? 0) + (log?.height ?? 0),
    )
    // The fallback is not shown: the buttons say it.
    expect(
      await messageLog(page)
        .getByText(/Reply "Within the country"/)
        .count(),
    ).toBe(0)
    await page.screenshot({ path: `${SHOTS}/bot-buttons-desktop.png` })
    expect(await seriousWidgetViolations(page)).toEqual([])

    await quickReplies(page).getByText('Abroad', { exact: true }).click()
    await bubble(page, 'Abroad: 5 to 10 working days to 30 countries, from $24.').waitFor()
    await bubble(page, 'Abroad').waitFor()
    expect(await quickReplies(page).count()).toBe(0)

    await page.reload()
    await openChat(page).catch(() => {})
    await bubble(page, 'Abroad: 5 to 10 working days to 30 countries, from $24.').waitFor()
    await bubble(page, 'Where should we ship?').waitFor()
    expect(await quickReplies(page).count()).toBe(0)
    await context.close()
  })

  it('shows the price list as a link, in bold and italic', async () => {
    const { context, page } = await visitor()
    await say(page, 'What are your prices?')
    const link = messageLog(page).getByRole('link', { name: 'price-list.pdf' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe('http://localhost:3000/media/price-list.pdf')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    const message = messageLog(page).locator('.ph-bubble', {
      has: page.getByRole('link', { name: 'price-list.pdf' }),
    })
    expect(await message.locator('strong').textContent()).toBe('the price list')
    expect(await message.locator('em').textContent()).toBe('Free shipping over $100.')
    expect(await seriousWidgetViolations(page)).toEqual([])
    await context.close()
  })

  it('on a phone and in the dark scheme', async () => {
    mkdirSync(SHOTS, { recursive: true })
    for (const [name, options] of [
      ['phone', { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
      ['dark', { colorScheme: 'dark' }],
    ] as const) {
      const { context, page } = await visitor(options)
      await say(page, 'What are your prices?')
      await messageLog(page).getByRole('link', { name: 'price-list.pdf' }).waitFor()
      await say(page, 'Where do you ship?')
      await bubble(page, 'Where should we ship?').waitFor()
      await quickReplies(page).first().waitFor()
      // Each quick reply is a comfortable target (at least 36 px high, give or take the
      // layout's subpixel rounding: 35.997 px was seen) inside the window.
      for (const box of await Promise.all(
        (await quickReplies(page).all()).map((button) => button.boundingBox()),
      )) {
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(35.5)
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
          (options.viewport ?? DESKTOP).width,
        )
      }
      await page.screenshot({ path: `${SHOTS}/bot-buttons-${name}.png` })
      expect(await seriousWidgetViolations(page)).toEqual([])
      await context.close()
    }
  })

  it('right to left, in Arabic', async () => {
    mkdirSync(SHOTS, { recursive: true })
    const backend = await startFakeBackend({
      hostCss: PLAIN_HOST_CSS,
      html: 'lang="ar" dir="rtl"',
      config: { title: 'متجر نورثويند', color: '#0f766e', lang: 'ar', greeting: undefined },
    })
    try {
      const context = await e2e.browser.newContext({
        viewport: DESKTOP,
        locale: 'ar',
        // The host page's strict CSP would refuse axe-core's script.
        bypassCSP: true,
      })
      const page = await context.newPage()
      await page.goto(`${backend.origin}/`)
      await page.locator('porthole-widget .ph-launcher').click()
      const input = page.locator('porthole-widget .ph-window .ph-input')
      await input.fill('هل تشحنون إلى الخارج؟')
      await input.press('Enter')
      await expect.poll(() => backend.messages.length).toBe(1)
      backend.agentSays({
        author: 'agent',
        name: 'بوت نورثويند',
        content: { type: 'text', text: 'كل الأسعار في قائمة الأسعار.' },
        rich: {
          type: 'markdown',
          text: 'كل الأسعار في **قائمة الأسعار**: [price-list.pdf](https://northwind.example/price-list.pdf).',
        },
      })
      backend.agentSays({
        author: 'agent',
        name: 'بوت نورثويند',
        content: { type: 'text', text: 'إلى أين نشحن؟ اكتب «داخل البلد» أو «إلى الخارج».' },
        rich: {
          type: 'buttons',
          text: 'إلى أين نشحن؟',
          buttons: [{ text: 'داخل البلد' }, { text: 'إلى الخارج' }, { text: 'التحدث إلى موظف' }],
        },
      })
      const buttons = page.locator('porthole-widget .ph-quick button')
      await buttons.first().waitFor()
      // Right to left: the first quick reply is the rightmost.
      const [first, second] = await Promise.all([
        buttons.nth(0).boundingBox(),
        buttons.nth(1).boundingBox(),
      ])
      expect(first?.x ?? 0).toBeGreaterThan(second?.x ?? 0)
      await page.locator('porthole-widget a', { hasText: 'price-list.pdf' }).waitFor()
      await page.screenshot({ path: `${SHOTS}/bot-buttons-rtl.png` })
      expect(await seriousWidgetViolations(page)).toEqual([])
      await buttons.nth(1).click()
      await expect
        .poll(() => backend.messages.map((message) => message.text))
        .toContain('إلى الخارج')
      await context.close()
    } finally {
      await backend.close()
    }
  })
})
