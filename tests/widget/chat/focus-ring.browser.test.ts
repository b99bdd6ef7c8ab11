// @vitest-environment node
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'
import { type FakeBackendServer, startFakeBackend } from '../../../kit/fake-backend'

// Issue 24, defect 8, in Chromium: the message box's ring for keyboard focus only.
describeInBrowser('the message box’s focus ring in Chromium', () => {
  let browser: Browser
  let backend: FakeBackendServer

  beforeAll(async () => {
    await ensureWidgetBuild()
    backend = await startFakeBackend()
    browser = await launchBrowser()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await backend?.close()
  })

  it('shows no ring after a click, a ring after Tab, none after the next click', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    const box = page.getByRole('textbox', { name: 'Message' })
    const ring = () => box.evaluate((element) => getComputedStyle(element).boxShadow)
    await box.click()
    expect(await ring()).toBe('none')
    // Away by keyboard and back: the box is focused by keyboard now.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect.poll(() => box.evaluate((element) => element.matches(':focus'))).toBe(true)
    expect(await ring()).not.toBe('none')
    await box.click()
    expect(await ring()).toBe('none')
    await context.close()
  })
})
