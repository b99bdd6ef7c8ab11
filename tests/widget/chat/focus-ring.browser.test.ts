// @vitest-environment node
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { useWidgetInBrowser } from '../support/browser-rig'

// Issue 24, defect 8, in Chromium: the message box's ring for keyboard focus only.
describeInBrowser('the message box’s focus ring in Chromium', () => {
  const rig = useWidgetInBrowser()

  it('shows no ring after a click, a ring after Tab, none after the next click', async () => {
    const context = await rig.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${rig.backend.origin}/`)
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
