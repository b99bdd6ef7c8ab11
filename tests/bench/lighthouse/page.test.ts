import { describe, expect, it } from 'vitest'
import { devtoolsPort } from '../../../bench/lighthouse/chrome'
import { afterLoadSnippet, hostPageHtml, startHostPage } from '../../../bench/lighthouse/host-page'
import { alternation } from '../../../bench/lighthouse/page-cost'
import { freePort } from '../../../kit/free-port'

describe('the Lighthouse host page', () => {
  it('is the same page with or without the one async script tag', () => {
    const plain = hostPageHtml(undefined)
    const widget = hostPageHtml('http://127.0.0.1:4000/widget.js')
    expect(plain).not.toContain('<script')
    expect(widget).toContain('<script src="http://127.0.0.1:4000/widget.js" async></script>')
    expect(widget.replace(/\n\s*<script[^>]*><\/script>/, '')).toBe(plain)
    // The hero image has its size, so the page itself never shifts.
    expect(plain).toMatch(/<img class="hero" src="\/hero.jpg" width="600" height="400"/)
  })

  it('adds widget.js 250 ms after the load event with the recommended embed (--embed after-load)', () => {
    const src = 'http://127.0.0.1:4000/widget.js'
    const page = hostPageHtml(src, 'after-load')
    expect(page).not.toContain('<script src=')
    expect(page).toContain(afterLoadSnippet(src))
    expect(afterLoadSnippet(src)).toMatch(
      /setTimeout\(.*250\).*readyState=='complete'\?go\(\):addEventListener\('load',go\).*"http:\/\/127\.0\.0\.1:4000\/widget\.js"/,
    )
    expect(page.replace(/\n\s*<script>.*<\/script>/, '')).toBe(hostPageHtml(undefined))
  })

  it('serves both pages and the hero image on the port it was given', async () => {
    const port = await freePort()
    const page = await startHostPage({
      port,
      widgetSrc: 'http://127.0.0.1:1/widget.js',
      heroImage: new URL('../../../demo/site/media/lake.jpg', import.meta.url).pathname,
    })
    try {
      expect(page.url(false)).toBe(`http://127.0.0.1:${port}/`)
      expect(await (await fetch(page.url(false))).text()).not.toContain('<script')
      expect(await (await fetch(page.url(true))).text()).toContain('widget.js')
      const hero = await fetch(`${page.origin}/hero.jpg`)
      expect(hero.headers.get('content-type')).toBe('image/jpeg')
      expect((await hero.arrayBuffer()).byteLength).toBeGreaterThan(1000)
      expect((await fetch(`${page.origin}/nothing`)).status).toBe(404)
    } finally {
      await page.close()
    }
  })
})

describe('alternation', () => {
  it('runs the pages in pairs that alternate which goes first', () => {
    expect(alternation(3)).toEqual([false, true, true, false, false, true])
    expect(alternation(0)).toEqual([])
  })
})

describe('devtoolsPort', () => {
  it("reads the port from Chromium's DevTools line", () => {
    expect(
      devtoolsPort('\nDevTools listening on ws://127.0.0.1:38211/devtools/browser/ab-cd\n'),
    ).toBe(38211)
    expect(devtoolsPort('[1122/173000.1:WARNING] something else')).toBeUndefined()
  })
})
