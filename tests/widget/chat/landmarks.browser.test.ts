// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'
import { type FakeBackendServer, startFakeBackend } from '../../../kit/fake-backend'
import { widgetAnimationsEnded } from '../../support/animations'

// Issue 24, defect 9 (part), in Chromium: the open chat adds no banner landmark to the
// host page; the visitor's own link is a link; axe finds nothing serious, landmarks and
// best practices included.
describeInBrowser('the open chat in the host page’s landmarks', () => {
  let browser: Browser
  let backend: FakeBackendServer

  beforeAll(async () => {
    await ensureWidgetBuild()
    backend = await startFakeBackend({
      data: 'data-title="Northwind Outfitters customer care and order questions"',
    })
    browser = await launchBrowser()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await backend?.close()
  })

  it('adds no banner, links the visitor’s URL, and is axe clean', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
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
    await page.evaluate(
      readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8'),
    )
    await widgetAnimationsEnded(page)
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: unknown,
              options: unknown,
            ): Promise<{ violations: { id: string; impact: string }[] }>
          }
        }
      ).axe
      const result = await axe.run(
        { include: [['porthole-widget']] },
        { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
      )
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id)
    })
    expect(violations).toEqual([])
    await context.close()
  })
})
