// @vitest-environment node
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'
import { openLoaderFrame, type Variant } from '../../../kit/window-states'

// Issue 35: the loader's frame at a new visitor's tap (widget/loader/window-shell.ts) looks
// like the home screen that replaces it: the greeting is the same heading in the same
// place, not a message bubble, so nothing jumps when the chat's file arrives.

type Look = { x: number; y: number; size: string; weight: number; bubble: boolean }

/** Where the greeting's first letter is drawn, and in which type. */
function greetingLook(page: Page, selector: string): Promise<Look> {
  return page.locator('porthole-widget').evaluate((host, selector) => {
    const box = host.shadowRoot?.querySelector(selector)
    const text = box && document.createTreeWalker(box, NodeFilter.SHOW_TEXT).nextNode()
    const element = text?.parentElement
    if (!text || !element) throw new Error(`no text in ${selector}`)
    const range = document.createRange()
    range.setStart(text, 0)
    range.setEnd(text, 1)
    const letter = range.getBoundingClientRect()
    const style = getComputedStyle(element)
    return {
      x: letter.left,
      y: letter.top,
      size: style.fontSize,
      weight: Number(style.fontWeight),
      bubble: element.closest('.ph-bubble') !== null,
    }
  }, selector)
}

describeInBrowser("the loader's frame in Chromium", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  beforeAll(async () => {
    await ensureWidgetBuild()
    browser = await launchBrowser()
  }, 180_000)
  afterAll(() => browser?.close())

  for (const variant of ['desktop', 'phone', 'arabic'] as Variant[])
    it(`shows the greeting where and as the home screen does (${variant})`, async () => {
      const { page, arrive, close } = await openLoaderFrame(browser, variant)
      try {
        const frame = await greetingLook(page, '.ph-shell .ph-log')
        arrive()
        await page.locator('porthole-widget .ph-home-greeting').waitFor()
        // The window's pop as it opens has ended.
        await page.waitForFunction(() =>
          document
            .querySelector('porthole-widget')
            ?.shadowRoot?.getAnimations()
            .every((animation) => animation.playState !== 'running'),
        )
        const home = await greetingLook(page, '.ph-home-greeting')
        expect(frame.bubble).toBe(false)
        expect([frame.size, frame.weight]).toEqual([home.size, home.weight])
        // The same place, give or take a few pixels (the frame draws no status line).
        expect(Math.abs(frame.x - home.x)).toBeLessThanOrEqual(4)
        expect(Math.abs(frame.y - home.y)).toBeLessThanOrEqual(4)
      } finally {
        await close()
      }
    })
})
