// @vitest-environment node
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { useWidgetInBrowser } from '../support/browser-rig'

// Issue 35, motion, in Chromium: a message arriving while the window shows enters, the
// launcher's icon turns, both with transform and opacity only (the compositor's, 60 fps on
// a phone), and nothing moves under prefers-reduced-motion.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** The computed animation-name of the first element matching `selector` with `text`. */
const animationOf = (page: Page, selector: string, text?: string) =>
  page
    .locator(selector, text === undefined ? {} : { hasText: text })
    .first()
    .evaluate((element) => getComputedStyle(element).animationName)

/** The launcher's visible icon's animation-name. */
const launcherIcon = (page: Page) =>
  page.locator('.ph-launcher svg:visible').evaluate((svg) => getComputedStyle(svg).animationName)

/**
 * Every property the widget's keyframes and running transitions change, from its shadow
 * root's style sheets and its elements' computed transition properties.
 */
const animatedProperties = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('porthole-widget')?.shadowRoot
    if (!root) throw new Error('no widget')
    const found = new Set<string>()
    for (const sheet of root.adoptedStyleSheets)
      for (const rule of sheet.cssRules) {
        const keyframes = rule instanceof CSSMediaRule ? [...rule.cssRules] : [rule]
        for (const inner of keyframes)
          if (inner instanceof CSSKeyframesRule)
            for (const frame of inner.cssRules)
              for (const name of (frame as CSSKeyframeRule).style) found.add(name)
      }
    for (const element of root.querySelectorAll('*')) {
      const style = getComputedStyle(element)
      const durations = style.transitionDuration.split(', ')
      style.transitionProperty.split(', ').forEach((name, index) => {
        if ((durations[index] ?? durations[0]) !== '0s') found.add(name)
      })
    }
    return [...found].sort()
  })

describeInBrowser('motion in Chromium', () => {
  const rig = useWidgetInBrowser()

  async function open(reducedMotion: 'reduce' | 'no-preference', phone = false) {
    const context = await rig.browser.newContext(phone ? PHONE : {})
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion })
    // A conversation with a message, then the page again: that message is history at open.
    const before = `Earlier ${Date.now()}`
    await page.goto(`${rig.backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill(before)
    await input.press('Enter')
    // Sent, so it is history: after the reload only the engine's list draws it (the first
    // frame's light log draws messages still on their way), and what arrives next arrives
    // while that list shows.
    await page.locator('.ph-msg', { hasText: before }).getByText('Sent').waitFor()
    // The window reopens by itself on the next page (it was open).
    await page.reload()
    await page.getByText(before).waitFor()
    return { context, page, before }
  }

  const arrive = (text: string) =>
    rig.backend.agentSays({ author: 'agent', name: 'Anna', content: { type: 'text', text } })

  it('a message arriving while the window shows enters; the history shown at open does not; the launcher’s icon turns', async () => {
    const { context, page, before } = await open('no-preference')
    expect(await animationOf(page, '.ph-msg', before)).toBe('none')
    const fresh = `Fresh ${Date.now()}`
    arrive(fresh)
    await page.getByText(fresh).waitFor()
    expect(await animationOf(page, '.ph-msg', fresh)).toBe('ph-enter')
    // The close icon turned in as the window opened; the chat icon turns back at close.
    expect(await launcherIcon(page)).toBe('ph-turn')
    await page
      .getByRole('button', { name: /close chat/i })
      .first()
      .click()
    await expect.poll(() => launcherIcon(page)).toBe('ph-turn')
    await context.close()
  })

  it('nothing moves under prefers-reduced-motion: no entry, no turn, no pop', async () => {
    const { context, page } = await open('reduce')
    const fresh = `Still ${Date.now()}`
    arrive(fresh)
    await page.getByText(fresh).waitFor()
    // It is an arrival (it would enter), and stands still.
    expect(await animationOf(page, '.ph-msg.ph-enter', fresh)).toBe('none')
    expect(await launcherIcon(page)).toBe('none')
    expect(await animationOf(page, '.ph-window')).toBe('none')
    await context.close()
  })

  it('on a phone, a burst of messages enters with transform and opacity only', async () => {
    const { context, page } = await open('no-preference', true)
    const texts = Array.from({ length: 6 }, (_, index) => `Burst ${index} ${Date.now()}`)
    for (const text of texts) arrive(text)
    await page.getByText(texts.at(-1) as string).waitFor()
    const entering = await page.locator('.ph-msg.ph-enter').count()
    expect(entering).toBeGreaterThanOrEqual(texts.length)
    expect(await animatedProperties(page)).toEqual(['opacity', 'transform'])
    await context.close()
  })
})
