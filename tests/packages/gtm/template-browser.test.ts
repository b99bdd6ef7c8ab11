import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { agentConsole } from '../../../kit/agent-console'
import { describeInBrowser } from '../../../kit/chromium'
import { newVisitor } from '../../support/browser'
import { useBrowserDemo } from '../../support/browser-demo'
import { launcher, openChat, say, waitOnline } from '../../support/widget-page'
import { ROOT } from '../support/fixture-apps'
import { readSections } from '../support/gtm-template-file'

// The Tag Manager template's code in Chromium against the real backend: the sandbox's APIs
// as the page gives them (a script tag, window paths, a consent state a banner updates),
// so what the template asks for really loads the widget and reaches it.

const code =
  readSections(readFileSync(join(ROOT, 'integrations/gtm/template.tpl'), 'utf8'))
    .SANDBOXED_JS_FOR_WEB_TEMPLATE ?? ''

/** A page whose inline script runs the template as Tag Manager would on Window Loaded. */
function tagPage(data: Record<string, unknown>): string {
  const runtime = `
    const consent = { functionality_storage: false }
    const listeners = []
    window.updateConsent = (type, granted) => {
      consent[type] = granted
      for (const entry of listeners) if (entry.type === type) entry.listener(type, granted)
    }
    const at = (path) => {
      const keys = path.split('.')
      const last = keys.pop()
      const parent = keys.reduce((object, key) => (object ? object[key] : undefined), window)
      return [parent, last]
    }
    const apis = {
      injectScript: (url, onSuccess, onFailure) => {
        const script = document.createElement('script')
        script.src = url
        script.onload = onSuccess
        script.onerror = onFailure
        document.head.append(script)
      },
      callInWindow: (path, ...args) => {
        const [parent, key] = at(path)
        return parent && typeof parent[key] === 'function' ? parent[key](...args) : undefined
      },
      isConsentGranted: (type) => consent[type] !== false,
      addConsentListener: (type, listener) => listeners.push({ type, listener }),
      makeTableMap: (rows, key, value) =>
        Object.fromEntries(rows.map((row) => [row[key], row[value]])),
      logToConsole: (...args) => console.log(...args),
    }
    const require = (name) => apis[name]
    const template = new Function('require', 'data', ${JSON.stringify(code)})
    addEventListener('load', () =>
      template(require, { ...${JSON.stringify(data)}, gtmOnSuccess() {}, gtmOnFailure() {} }),
    )
  `
  return `<!doctype html><html lang="en"><head><title>Tag Manager page</title></head><body><h1>Shop</h1><script>${runtime}</script></body></html>`
}

describeInBrowser('the Tag Manager template in Chromium', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('waits for consent, then loads the widget with its colour and attributes', async () => {
    const backend = new URL(e2e.demo.siteUrl).origin
    const context = await newVisitor(e2e.browser)
    const page = await context.newPage()
    await page.route(`${backend}/gtm/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: tagPage({
          backendUrl: backend,
          waitForConsent: true,
          color: '#7c3aed',
          attributes: [{ name: 'plan', value: 'pro' }],
        }),
      }),
    )
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(`${backend}/gtm/`, { waitUntil: 'load' })
    await page.getByRole('heading', { name: 'Shop' }).waitFor()
    // Denied: widget.js is not even added (the template ran in the page's load event).
    expect(await page.locator('script[src$="/widget.js"]').count()).toBe(0)
    expect(requested.filter((url) => url.includes('widget.js'))).toEqual([])
    expect(await page.locator('porthole-widget').count()).toBe(0)

    await page.evaluate(() =>
      (window as unknown as { updateConsent(type: string, granted: boolean): void }).updateConsent(
        'functionality_storage',
        true,
      ),
    )
    await launcher(page).waitFor({ state: 'visible' })
    await expect
      .poll(() => launcher(page).evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(124, 58, 237)')
    await waitOnline(page)
    await openChat(page)
    await say(page, 'hello from the tag manager page')
    const chat = await agentConsole(e2e.demo.consoleUrl.replace(/\/$/, '')).chatWith(
      'hello from the tag manager page',
    )
    const url = new URL(String(chat.customer.url))
    expect(url.pathname).toBe('/gtm/')
    expect(url.searchParams.get('ph.plan')).toBe('pro')
    expect(requested.filter((url) => url.endsWith('/widget.js'))).toHaveLength(1)
    await context.close()
  })
})
