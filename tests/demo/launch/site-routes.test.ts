import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteRoutes, strictCsp } from '../../../demo/launch/site-routes'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { useTempDirs } from '../../support/temp-dirs'

const tempDir = useTempDirs('porthole-site-')

/** A site folder with the given files (path -> content). */
function createSite(files: Record<string, string>): string {
  const dir = tempDir()
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

const CONSOLE = 'http://localhost:3100/'

describe('siteRoutes', () => {
  it('serves index.html at / with the console URL filled in', async () => {
    const app = siteRoutes({
      dir: createSite({ 'index.html': '<a href="%CONSOLE_URL%">console</a>' }),
      consoleUrl: CONSOLE,
    })
    const response = await app.request('http://localhost:3000/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toBe(`<a href="${CONSOLE}">console</a>`)
    expect(response.headers.get('content-security-policy')).toBeNull()
  })

  it('sends the strict CSP with the hostile page, for the origin the browser asked', async () => {
    const app = siteRoutes({
      dir: createSite({ 'index.html': 'i', 'hostile.html': 'h' }),
      consoleUrl: CONSOLE,
    })
    const response = await app.request('http://127.0.0.1:4321/hostile.html')
    const csp = response.headers.get('content-security-policy')
    expect(csp).toBe(strictCsp('http://127.0.0.1:4321'))
    expect(csp).toContain('script-src http://127.0.0.1:4321;')
    expect(csp).toContain('connect-src http://127.0.0.1:4321;')
    expect(csp).toContain('img-src http://127.0.0.1:4321 https: data:')
    expect(csp).not.toMatch(/unsafe-(inline|eval)/)
  })

  it('serves nested media with their types, and nothing outside the folder', async () => {
    const app = siteRoutes({
      dir: createSite({
        'index.html': 'i',
        'media/a.jpg': 'jpeg',
        'media/b.pdf': 'pdf',
        'notes.txt': 'secret',
      }),
      consoleUrl: CONSOLE,
    })
    const jpg = await app.request('/media/a.jpg')
    expect(jpg.headers.get('content-type')).toBe('image/jpeg')
    expect(await jpg.text()).toBe('jpeg')
    expect((await app.request('/media/b.pdf')).headers.get('content-type')).toBe('application/pdf')
    for (const path of [
      '/notes.txt',
      '/media/../notes.txt',
      '/%2e%2e/package.json',
      '/missing.html',
    ]) {
      const response = await app.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'No such page in the demo site.' },
      })
    }
  })

  it('refuses a folder without index.html, saying what to restore', () => {
    expect(() =>
      siteRoutes({ dir: createSite({ 'hostile.html': 'h' }), consoleUrl: CONSOLE }),
    ).toThrow(/no index\.html .*restore demo\/site/)
  })

  it('the real demo site embeds the widget with exactly one script tag on both pages', async () => {
    const app = siteRoutes({ dir: join(findRepoRoot(), 'demo/site'), consoleUrl: CONSOLE })
    for (const path of ['/', '/hostile.html']) {
      const html = await (await app.request(path)).text()
      expect(html.match(/<script\b[^>]*>/g), path).toEqual(['<script src="/widget.js" async>'])
      expect(html, path).not.toMatch(/<style|style=/)
    }
    expect((await app.request('/media/lake.jpg')).status).toBe(200)
    expect((await app.request('/media/price-list.pdf')).status).toBe(200)
  })

  it('the demo page’s steps name the agent console’s own button (issue 35, defect 12)', async () => {
    const app = siteRoutes({ dir: join(findRepoRoot(), 'demo/site'), consoleUrl: CONSOLE })
    const html = await (await app.request('/')).text()
    const button = /<button[^>]*class="button primary"[^>]*>\s*([^<{]+?)\s*</.exec(
      readFileSync(join(findRepoRoot(), 'demo/console/src/Thread.tsx'), 'utf8'),
    )?.[1]
    expect(button).toBe('Accept chat')
    expect(html).toContain(`In the console, press ${button}`)
  })

  it("the demo's pages name an icon that is served, so no browser asks for a missing /favicon.ico", async () => {
    const app = siteRoutes({ dir: join(findRepoRoot(), 'demo/site'), consoleUrl: CONSOLE })
    for (const page of ['/', '/hostile.html']) {
      const html = await (await app.request(page)).text()
      const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1]
      expect(icon, page).toMatch(/^\//)
      const served = await app.request(icon ?? '')
      expect(served.status, `${page}: ${icon}`).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/svg+xml')
    }
  })
})
