// @vitest-environment node
import type { BrowserContext, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { PLAIN_HOST_CSS } from '../../kit/fake-backend'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'
import { useWidgetInBrowser } from './support/browser-rig'

// What the embed costs a host page, in real Chromium: no storage before the visitor
// engages, nothing fetched before the page's load but widget.js, one status poller for
// all tabs, a launcher soon after load and no layout shift.

/** Runs in the page before its scripts (through DevTools, so the host CSP allows it). */
function watchPage(): void {
  const seen = window as unknown as {
    phLoadAt?: number
    phLauncherAt?: number
    phShift: number
    phLcp: number[]
  }
  seen.phShift = 0
  seen.phLcp = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.phLcp.push(entry.startTime)
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.phShift += (entry as unknown as { value: number }).value
  }).observe({ type: 'layout-shift', buffered: true })
  addEventListener('load', () => {
    seen.phLoadAt = performance.now()
  })
  const look = (): void => {
    if (document.querySelector('porthole-widget')?.shadowRoot?.querySelector('.ph-launcher')) {
      seen.phLauncherAt = performance.now()
    } else requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

describeInBrowser('the embed costs the host page nothing', () => {
  const rig = useWidgetInBrowser({ hostCss: PLAIN_HOST_CSS, config: { statusPollSeconds: 5 } })

  /** A page whose stylesheet takes `cssDelayMs`, so its load event comes well after widget.js ran. */
  async function openPage(context: BrowserContext, cssDelayMs = 0): Promise<Page> {
    const page = await context.newPage()
    await page.addInitScript(watchPage)
    if (cssDelayMs > 0) {
      await page.route('**/host.css', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, cssDelayMs))
        await route.continue()
      })
    }
    await page.goto(`${rig.backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).waitFor()
    return page
  }

  const storageOf = (page: Page) =>
    page.evaluate(async () => ({
      databases: (await indexedDB.databases()).map((database) => database.name),
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      cookie: document.cookie,
    }))

  it('creates no IndexedDB database, localStorage key or cookie until the visitor clicks the launcher', async () => {
    const context = await rig.browser.newContext()
    const page = await openPage(context)
    // Long enough for the status answer and anything else the widget does on its own.
    await page.waitForTimeout(1_500)
    expect(await storageOf(page)).toEqual({
      databases: [],
      localStorage: 0,
      sessionStorage: 0,
      cookie: '',
    })
    expect(await context.cookies()).toEqual([])

    await page.getByRole('button', { name: /open chat/i }).click()
    await page.getByRole('dialog').waitFor()
    await expect
      .poll(async () => (await storageOf(page)).databases)
      .toEqual([`porthole:${new URL(rig.backend.origin).host}`])

    // A returning visitor is recognised: the chat they left open opens again.
    await page.reload()
    await page.getByRole('dialog').waitFor()
    await context.close()
  })

  it('starts no widget request but widget.js before the page has loaded, and needs no config request', async () => {
    const context = await rig.browser.newContext()
    const before = rig.backend.requests.length
    const page = await openPage(context, 1_000)
    await page.waitForTimeout(500)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      return {
        loadEventStart: navigation.loadEventStart,
        resources: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }
    })
    const widget = timing.resources.filter(
      (entry) => entry.path.startsWith('/widget') || entry.path.startsWith('/api/'),
    )
    const embed = widget.find((entry) => entry.path === '/widget.js')
    // widget.js itself was fetched (and ran) while the stylesheet held the load event back…
    expect(embed?.startTime).toBeLessThan(timing.loadEventStart - 500)
    // …and everything else waited for the load event.
    const early = widget.filter(
      (entry) => entry.path !== '/widget.js' && entry.startTime < timing.loadEventStart,
    )
    expect(early).toEqual([])
    expect(widget.map((entry) => entry.path)).toContain('/api/status')
    expect(rig.backend.requests.slice(before)).not.toContain('/api/config')
    await context.close()
  })

  it("waits for the page's largest contentful paint after load before the loader's request (issue 14)", async () => {
    const context = await rig.browser.newContext()
    const page = await openPage(context, 300)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      const loader = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.startsWith('/widget/assets/'))
      return {
        loadEventStart: navigation.loadEventStart,
        loaderStart: loader?.startTime,
        lcp: (window as unknown as { phLcp: number[] }).phLcp,
      }
    })
    expect(timing.lcp.length).toBeGreaterThan(0)
    const loaderStart = timing.loaderStart ?? Number.NaN
    // Lighthouse leaves requests that start after the LCP out of its LCP estimate: the
    // loader starts well after the load event (SETTLE_MS, 250 ms) and every paint before it.
    expect(loaderStart - timing.loadEventStart).toBeGreaterThanOrEqual(240)
    expect(loaderStart).toBeGreaterThan(Math.max(...timing.lcp))
    await context.close()
  })

  it('shows the launcher within a second of the load event, without any layout shift', async () => {
    const context = await rig.browser.newContext()
    const page = await openPage(context, 300)
    const seen = await page.evaluate(() => {
      const watched = window as unknown as {
        phLoadAt: number
        phLauncherAt: number
        phShift: number
      }
      const host = document.querySelector('porthole-widget')?.getBoundingClientRect()
      return {
        afterLoad: watched.phLauncherAt - watched.phLoadAt,
        shift: watched.phShift,
        host: host && { width: host.width, height: host.height },
      }
    })
    expect(seen.afterLoad).toBeGreaterThanOrEqual(0)
    expect(seen.afterLoad).toBeLessThan(1_000)
    expect(seen.shift).toBe(0)
    // The host element takes no space in the page: the launcher is fixed inside its shadow.
    expect(seen.host).toEqual({ width: 0, height: 0 })
    await context.close()
  })

  it('polls the status once for two tabs; when the polling tab closes, the other takes over', async () => {
    const context = await rig.browser.newContext()
    const statusCalls = () => rig.backend.requests.filter((path) => path === '/api/status').length
    const before = statusCalls()
    const first = await openPage(context)
    await expect.poll(() => statusCalls() - before).toBe(1)
    const second = await openPage(context)
    // The second tab shows the status the first one shares, without asking the rig.backend.
    await second.getByRole('button', { name: /we are online/i }).waitFor()
    await second.waitForTimeout(1_500)
    expect(statusCalls() - before).toBe(1)

    await first.close()
    // The next poll is due 4–6 s after the first (5 s ± 20%): the second tab makes it.
    await expect.poll(() => statusCalls() - before, { timeout: REAL_WORK_TIMEOUT_MS }).toBe(2)
    await second.waitForTimeout(1_000)
    expect(statusCalls() - before).toBe(2)
    await context.close()
  }, 30_000)
})
