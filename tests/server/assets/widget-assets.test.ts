import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
let dir: string | undefined
afterEach(() => {
  t?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function widgetBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'porthole-widget-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'widget.js'), 'console.log("loader")')
  writeFileSync(join(dir, 'assets', 'chat-abc123.js'), 'export const chat = 1')
  return dir
}

describe('widget assets', () => {
  it('serves /widget.js with a short cache and cross-origin headers', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    const res = await t.app.request('/widget.js')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('console.log("loader")')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('serves content-hashed chunks as immutable', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    const res = await t.app.request('/widget/assets/chat-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('refuses paths outside the assets folder', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    for (const path of [
      '/widget/assets/..%2Fwidget.js',
      '/widget/assets/../../package.json',
      '/widget/assets/.hidden',
    ]) {
      expect((await t.app.request(path)).status, path).toBe(404)
    }
  })

  it('explains a missing widget build instead of crashing', async () => {
    t = createTestApp({ staticDir: '/nonexistent-widget-build' })
    const res = await t.app.request('/widget.js')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: expect.stringMatching(/npm run build/) },
    })
  })
})
