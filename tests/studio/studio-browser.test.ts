import { mkdirSync } from 'node:fs'
import type { Browser, Frame, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import type { TestDemo } from '../support/demo'
import { axeViolations } from '../support/studio-axe'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'
import { STUDIO_PASSWORD, useStudioDemo } from './support/studio-demo'

// The studio in real Chromium against the whole demo (`npm start`'s wiring): a site owner
// logs in, changes the invitation and the colour, sees the preview change before saving,
// saves, and a new visitor on the demo site gets them, in English and in Russian, with
// no restart.

let demo: TestDemo
let browser: Browser
let page: Page
let origin = ''

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

async function launcherColour(where: Page | Frame): Promise<string> {
  const launcher = where.locator('porthole-widget .ph-launcher')
  await launcher.waitFor()
  return launcher.evaluate((element) => getComputedStyle(element).backgroundColor)
}

describeInBrowser('settings studio in Chromium', () => {
  const studio = useStudioDemo({ agentOnline: true })
  const previewFrame = () => studio.previewFrame()
  beforeAll(async () => {
    ;({ demo, browser, page, origin } = studio)
  }, 90_000)

  it('refuses a wrong password, then logs in', async () => {
    await page.goto(`${origin}/admin`)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page
      .getByRole('alert')
      .getByText(/Wrong password/)
      .waitFor()
    await page.getByLabel('Password').fill(STUDIO_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Settings studio' }).waitFor()
    await page.getByText('Saved · version 1').waitFor()
    // The install card's code names the backend's PUBLIC_URL, in both forms.
    expect(await page.locator('#install-snippet').textContent()).toContain(`"${origin}/widget.js"`)
    expect(await page.locator('#install-tag').textContent()).toBe(
      `<script src="${origin}/widget.js" async></script>`,
    )
  }, 30_000)

  it('shows the unsaved invitation text and colour in the preview before saving', async () => {
    const rule = page.getByRole('listitem', { name: 'Rule 1' })
    const text = rule.locator('.field', { hasText: 'Invitation text' })
    await text.getByLabel('One text per language').check()
    await text.getByRole('tab', { name: /English/ }).click()
    await text.getByRole('textbox').fill('Summer sale: ask us about tents!')
    await text.getByRole('tab', { name: /Русский/ }).click()
    await text.getByRole('textbox').fill('Летняя распродажа: спросите нас о палатках!')
    await rule.getByLabel('Seconds on the page').fill('1')
    await page.getByLabel('Accent colour', { exact: true }).fill('#2563eb')
    await page.getByText('Contrast passes WCAG AA').waitFor()
    await page.getByText('Unsaved changes').waitFor()

    await page.getByRole('button', { name: 'Show invitation now' }).click()
    const frame = await previewFrame()
    await frame
      .locator('porthole-widget .ph-invite-text', { hasText: 'Summer sale: ask us about tents!' })
      .waitFor()
    await expect.poll(() => launcherColour(frame)).toBe(rgb('#2563eb'))
    await page.locator('label.preview-lang select').selectOption('ru')
    await frame
      .locator('porthole-widget .ph-invite-text', { hasText: 'Летняя распродажа' })
      .waitFor()

    // The site still has the saved settings.
    const visitor = await browser.newPage()
    await visitor.goto(demo.siteUrl)
    expect(await launcherColour(visitor)).toBe(rgb('#0f766e'))
    await visitor.close()
  }, 30_000)

  it('switches the preview to a phone width and a dark page', async () => {
    await page.getByRole('radio', { name: 'Phone' }).check()
    await page.getByRole('radio', { name: 'Dark' }).check()
    const frame = await previewFrame()
    const width = await page
      .locator('iframe[title="Widget preview"]')
      .evaluate((element) => element.clientWidth)
    expect(width).toBeLessThanOrEqual(375)
    await expect
      .poll(() => frame.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(20, 23, 28)')
    // The widget's own dark styles, in its shadow root, as a visitor with a dark system sees them.
    const bubble = frame.locator('porthole-widget .ph-invite-answer')
    await expect
      .poll(() => bubble.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(28, 31, 38)')
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect
      .poll(() => bubble.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(255, 255, 255)')
    await page.getByRole('radio', { name: 'Desktop' }).check()
    await page.getByRole('radio', { name: 'Light' }).check()

    // Nobody online: the chat shows the offline text (the demo's, in English).
    await page.locator('label.preview-lang select').selectOption('en')
    await page.getByRole('radio', { name: 'Offline' }).check()
    await (await previewFrame()).locator('porthole-widget .ph-launcher.ph-offline').waitFor()
    await (await previewFrame()).locator('porthole-widget .ph-launcher').click()
    await (await previewFrame())
      .getByText('Our team is away right now. Leave a message and we will answer here.')
      .waitFor()
    await (await previewFrame()).locator('porthole-widget .ph-launcher').click()
    await page.getByRole('radio', { name: 'Online' }).check()
  }, 30_000)

  it('shows the look in the preview before saving: launcher label, offsets, a dark theme', async () => {
    await page.getByLabel('Launcher label').selectOption('always')
    await page.getByLabel('Side offset (px)').fill('48')
    await page.getByLabel('Bottom offset (px)').fill('36')
    await page.getByLabel('Theme', { exact: true }).selectOption('dark')
    const frame = await previewFrame()
    const label = frame.locator('porthole-widget .ph-label')
    await label.getByText('We are online').waitFor()
    expect(await label.isVisible()).toBe(true)
    // The launcher 48 px from the side, 36 px from the bottom of the preview.
    await expect
      .poll(() =>
        frame.locator('porthole-widget .ph-frame').evaluate((element) => {
          const box = element.getBoundingClientRect()
          return [Math.round(innerWidth - box.right), Math.round(innerHeight - box.bottom)]
        }),
      )
      .toEqual([48, 36])
    // Dark wins over the preview's Light switch: the site owner chose it. (The invitation
    // still shows: "Show invitation now" was pressed above.)
    const bubble = frame.locator('porthole-widget .ph-invite-answer')
    await expect
      .poll(() => bubble.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(28, 31, 38)')
    mkdirSync('/tmp/shots', { recursive: true })
    await page
      .locator('iframe[title="Widget preview"]')
      .screenshot({ path: '/tmp/shots/loader-preview-dark-label.png' })
  }, 30_000)

  it('saves; a new visitor gets the new invitation and colour in their language without a restart', async () => {
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved · version 2').waitFor()
    await page.getByRole('button', { name: 'Restore version 1' }).waitFor()

    for (const [locale, text] of [
      ['en-US', 'Summer sale: ask us about tents!'],
      ['ru-RU', 'Летняя распродажа: спросите нас о палатках!'],
    ] as const) {
      const context = await browser.newContext({ locale })
      const visitor = await context.newPage()
      // A save reaches every instance (the issue allows 5 s; the bench measures it, the wait
      // here is the suite's bound for real work).
      await expect
        .poll(
          async () => {
            await visitor.goto(demo.siteUrl)
            return launcherColour(visitor)
          },
          { timeout: REAL_WORK_TIMEOUT_MS, interval: 500 },
        )
        .toBe(rgb('#2563eb'))
      await visitor
        .locator('porthole-widget .ph-invite-text', { hasText: text })
        .waitFor({ timeout: REAL_WORK_TIMEOUT_MS })
      // The look saved with it: the label in the visitor's language, the dark theme.
      await visitor
        .locator('porthole-widget .ph-label', {
          hasText: locale === 'ru-RU' ? 'Мы на связи' : 'We are online',
        })
        .waitFor()
      expect(
        await visitor
          .locator('porthole-widget .ph-frame')
          .evaluate((element) => getComputedStyle(element).colorScheme),
      ).toBe('dark')
      await context.close()
    }
  }, 60_000)

  it('is axe-clean (serious and critical) on the studio page, wide and at a phone width', async () => {
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page)).toEqual([])
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.setViewportSize({ width: 1440, height: 1000 })
  }, 30_000)

  it('works by keyboard: tab to a field, change it, save with the keyboard', async () => {
    await page.getByLabel('Title').focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('Northwind help')
    await page.getByText('Unsaved changes').waitFor()
    await page.getByRole('button', { name: 'Save' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Saved · version 3').waitFor()
  }, 30_000)

  it('edits the E-mail section: the SMTP state, the delay and rating, the e-mail preview, saved', async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'E-mail', exact: true })
      .click()
    const section = page.locator('#email')
    // The e-mail's inline styles must not trip the studio's CSP (they are applied through the CSSOM).
    const violations: string[] = []
    const onConsole = (message: { text(): string }) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    }
    page.on('console', onConsole)
    // The demo sends through the sandbox's SMTP server.
    await section.getByText('E-mail is on').waitFor()
    await section.getByText('Northwind Outfitters <chat@northwind.example>').waitFor()
    const delay = section.getByLabel('Send after (seconds unread)')
    // The demo's settings file says 20 (a short wait to try the loop); the rest are defaults.
    expect(await delay.inputValue()).toBe('20')
    expect(await section.getByLabel('The link back works for (days)').inputValue()).toBe('7')
    await delay.fill('300')
    await section.getByLabel('Rating asked at the end of a conversation').selectOption('stars')
    await page.getByText('Unsaved changes').waitFor()

    // The e-mail as the backend renders it, in a frame that runs no script.
    const preview = section.locator('iframe[title="E-mail preview"]')
    expect(await preview.getAttribute('sandbox')).toBe('allow-same-origin')
    await section.getByText('2 new replies from Northwind Outfitters').waitFor()
    const mail = await (await preview.elementHandle())?.contentFrame()
    if (!mail) throw new Error('the e-mail preview frame is missing')
    const button = mail.getByRole('link', { name: 'Continue the conversation' })
    await button.waitFor()
    // Its inline styles apply (the accent colour saved above): the e-mail looks as sent.
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      rgb('#2563eb'),
    )
    await preview.scrollIntoViewIfNeeded()
    mkdirSync('/tmp/shots', { recursive: true })
    await section.screenshot({ path: '/tmp/shots/studio-email-desktop.png' })
    await section.getByLabel('Language of the e-mail').selectOption('ru')
    await section.getByText('Новые ответы от Northwind Outfitters: 2').waitFor()
    await section.getByRole('radio', { name: 'Plain text' }).check()
    await section.locator('pre.email-text', { hasText: 'Продолжить разговор' }).waitFor()
    await section.getByRole('radio', { name: 'HTML' }).check()
    await page.setViewportSize({ width: 390, height: 844 })
    await section.screenshot({ path: '/tmp/shots/studio-email-phone.png' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1440, height: 1000 })
    page.off('console', onConsole)
    expect(violations).toEqual([])

    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved · version 4').waitFor()
    const saved = await page.evaluate(() =>
      fetch('/admin/api/settings').then((response) => response.json()),
    )
    expect(saved.settings.email).toMatchObject({ afterSeconds: 300, rating: 'stars' })
  }, 60_000)

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByLabel('Password', { exact: true }).waitFor()
    const me = await page.evaluate(() => fetch('/admin/api/me').then((response) => response.json()))
    expect(me).toEqual({ loggedIn: false })
    expect(await axeViolations(page)).toEqual([])
  }, 30_000)
})
