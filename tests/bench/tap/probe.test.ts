import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { installProbe } from '../../../bench/tap/probe'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'

// The tap bench's end (issue 38): a box in the DOM is not yet usable while it is
// transparent, off the viewport, or its expected message is scrolled out of the
// conversation's box; the probe checks every frame, since none of these changes the DOM.

const GREETING = 'Hi there'

let browser: Browser | undefined
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A page with a widget whose window is drawn but hidden as `hide` says. */
async function pageWith(hide: string): Promise<{ page: Page; reports: string[] }> {
  const page = await (browser as Browser).newPage({ viewport: { width: 412, height: 823 } })
  await page.addInitScript('globalThis.__name = (fn) => fn')
  const reports: string[] = []
  await page.exposeFunction('__probe', (name: string) => reports.push(name))
  await page.setContent('<porthole-widget></porthole-widget>')
  await page.evaluate((style) => {
    const root = document.querySelector('porthole-widget')?.attachShadow({ mode: 'open' })
    if (!root) return
    root.innerHTML = `<style>.ph-log{height:100px;overflow:auto}${style}</style>
      <div class="ph-window"><div class="ph-log"><div class="ph-bubble">Hi there</div></div>
      <textarea class="ph-input"></textarea></div>`
  }, hide)
  await page.evaluate(installProbe, { expectText: GREETING, sentText: 'x', report: '__probe' })
  await page.evaluate(() => window.dispatchEvent(new Event('touchstart')))
  return { page, reports }
}

const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )

describeInBrowser("the tap bench's probe", () => {
  for (const [what, hide, show] of [
    [
      'is transparent',
      '.ph-window{opacity:0}',
      (root: ShadowRoot) => root.querySelector('style')?.remove(),
    ],
    [
      'is below the viewport',
      '.ph-input{position:fixed;top:900px}',
      (root: ShadowRoot) => root.querySelector('style')?.remove(),
    ],
    [
      'has its greeting scrolled out of the conversation',
      '.ph-bubble{margin-top:300px}',
      (root: ShadowRoot) => {
        const log = root.querySelector('.ph-log')
        if (log) log.scrollTop = log.scrollHeight
      },
    ],
  ] as const) {
    it(`waits while the window ${what}, and reports usable once it shows`, async () => {
      const { page, reports } = await pageWith(hide)
      await settle(page)
      await settle(page)
      expect(reports).not.toContain('usable')
      await page.evaluate(
        (code) =>
          new Function('root', `(${code})(root)`)(
            document.querySelector('porthole-widget')?.shadowRoot,
          ),
        show.toString(),
      )
      await expect.poll(() => reports).toContain('usable')
      await page.close()
    })
  }
})
