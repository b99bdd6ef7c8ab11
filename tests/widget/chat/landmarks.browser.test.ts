// @vitest-environment node
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { widgetViolations } from '../../support/animations'
import { useWidgetInBrowser } from '../support/browser-rig'

// Issue 24, defect 9 (part), in Chromium: the open chat adds no banner landmark to the
// host page; the visitor's own link is a link; axe finds nothing serious, landmarks and
// best practices included.
describeInBrowser('the open chat in the host page’s landmarks', () => {
  const rig = useWidgetInBrowser({
    data: 'data-title="Northwind Outfitters customer care and order questions"',
  })

  it('adds no banner, links the visitor’s URL, and is axe clean', async () => {
    const { context, page } = await rig.visit()
    const banners = await page.getByRole('banner').count()
    await page.getByRole('button', { name: /open chat/i }).click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill('My order: https://example.com/order/42')
    await box.press('Enter')
    await page.getByRole('link', { name: 'https://example.com/order/42' }).waitFor()
    expect(await page.getByRole('banner').count()).toBe(banners)
    expect(
      await page
        .getByRole('heading', { name: 'Northwind Outfitters customer care and order questions' })
        .getAttribute('title'),
    ).toBe('Northwind Outfitters customer care and order questions')
    const violations = await widgetViolations(page, {
      tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'],
      seriousOnly: true,
    })
    expect(violations).toEqual([])
    await context.close()
  })
})
