import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_CSP, STUDIO_CSP, studioPageRoutes } from '../../../server/admin/page-routes'
import { createTestConfig } from '../../support/test-config'
import { createTestApp } from '../support/test-app'

const INDEX = `<!doctype html><html><head><meta name="porthole-public-url" content="" />
<script type="module" crossorigin src="/admin/assets/studio-abc.js"></script></head><body><div id="app"></div></body></html>`

let dir = ''
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'porthole-studio-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'preview.html'), '<!doctype html><title>Widget preview</title>')
  writeFileSync(
    join(dir, 'assets', 'studio-abc.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))})`,
  )
  writeFileSync(join(dir, 'assets', 'studio-abc.js.br'), 'stale twin')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const routes = (publicUrl = 'https://chat.example.com/') => studioPageRoutes({ dir, publicUrl })

describe('studio pages', () => {
  it('serves the studio with a strict CSP, no cache reuse without revalidation, and the public URL', async () => {
    const res = await routes().request('/admin')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(STUDIO_CSP)
    expect(STUDIO_CSP).toContain("default-src 'self'")
    expect(STUDIO_CSP).not.toContain('unsafe-inline')
    expect(STUDIO_CSP).toContain("frame-ancestors 'none'")
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const html = await res.text()
    expect(html).toContain('<meta name="porthole-public-url" content="https://chat.example.com" />')
    expect((await routes().request('/admin/')).status).toBe(200)
  })

  it('escapes the public URL into the attribute', async () => {
    const html = await (
      await routes('https://x.example/"><script>alert(1)</script>').request('/admin')
    ).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('&quot;>&lt;script>')
  })

  it('serves the preview page framable by the studio only', async () => {
    const res = await routes().request('/admin/preview')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBe(PREVIEW_CSP)
    expect(PREVIEW_CSP).toContain("frame-ancestors 'self'")
    expect(await res.text()).toContain('Widget preview')
  })

  it('serves hashed assets immutable, compressed as the browser asks, with 304 on a known ETag', async () => {
    const plain = await routes().request('/admin/assets/studio-abc.js')
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const gzip = await routes().request('/admin/assets/studio-abc.js', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(await plain.text())
    const again = await routes().request('/admin/assets/studio-abc.js', {
      headers: { 'if-none-match': plain.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('refuses names outside assets/, the .br/.gz twins and missing files', async () => {
    for (const path of [
      '/admin/assets/..%2Findex.html',
      '/admin/assets/studio-abc.js.br',
      '/admin/assets/.hidden',
      '/admin/assets/missing.js',
    ]) {
      const res = await routes().request(path)
      expect(res.status, path).toBe(404)
    }
  })

  it('says how to build when the studio is not built', async () => {
    const res = await studioPageRoutes({
      dir: join(dir, 'nothing'),
      publicUrl: 'http://x',
    }).request('/admin')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('npm run build')
  })
})

describe('studio pages in the app', () => {
  it('are 404 like any unknown route without ADMIN_PASSWORD', async () => {
    const test = createTestApp({ config: { ...createTestConfig(), admin: undefined } })
    for (const path of ['/admin', '/admin/', '/admin/preview', '/admin/assets/studio.js']) {
      const res = await test.request(path)
      expect(res.status, path).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
    test.stop()
  })

  it('are routed with ADMIN_PASSWORD, ahead of the API (their caching kept)', async () => {
    const test = createTestApp({
      config: {
        ...createTestConfig(),
        admin: { password: 'correct horse battery', token: undefined },
      },
    })
    const page = await test.request('/admin')
    // Served from dist/studio when built, else the "not built" answer: never the generic 404.
    if (page.status === 200) {
      expect(page.headers.get('content-security-policy')).toBe(STUDIO_CSP)
      expect(page.headers.get('cache-control')).toBe('no-cache')
    } else expect(await page.text()).toContain('The studio is not built')
    const asset = await test.request('/admin/assets/missing-file.js')
    expect(await asset.text()).toContain('No such studio asset')
    test.stop()
  })
})
