import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { CONFIG_PLACEHOLDER } from '../../../shared/embed-code'
import { createTestSettings } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
let dir: string | undefined
const closers: (() => void)[] = []
afterEach(() => {
  t?.stop()
  for (const close of closers.splice(0)) close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const CHAT = `export const chat = ${JSON.stringify('a chat chunk '.repeat(400))}\n`
const LOADER = `export function start() { return ${JSON.stringify('loader '.repeat(300))} }\n`
const EMBED = `(()=>{start({config:${CONFIG_PLACEHOLDER}})})();\n`

function widgetBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'porthole-widget-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'widget.js'), EMBED)
  writeFileSync(join(dir, 'assets', 'chat-abc123.js'), CHAT)
  writeFileSync(join(dir, 'assets', 'loader-def456.js'), LOADER)
  return dir
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer())
}

function decode(body: Buffer, encoding: string | null): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

const ASSETS = [
  { path: '/widget/assets/chat-abc123.js', content: CHAT },
  { path: '/widget/assets/loader-def456.js', content: LOADER },
]
const ACCEPT = [
  { header: 'gzip, deflate, br, zstd', encoding: 'br' },
  { header: 'gzip, deflate', encoding: 'gzip' },
  { header: 'br;q=0.2, gzip;q=0.9', encoding: 'gzip' },
  { header: 'identity', encoding: null },
  { header: undefined, encoding: null },
]

describe('widget assets', () => {
  it('serves every asset in the negotiated encoding with Vary, Content-Length and a strong ETag', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    for (const asset of ASSETS) {
      const etags = new Set<string>()
      for (const { header, encoding } of ACCEPT) {
        const label = `${asset.path} with ${header}`
        const res = await t.app.request(asset.path, {
          headers: header === undefined ? {} : { 'accept-encoding': header },
        })
        expect(res.status, label).toBe(200)
        const body = await bytes(res)
        expect(res.headers.get('content-encoding'), label).toBe(encoding)
        expect(res.headers.get('vary'), label).toBe('Accept-Encoding')
        expect(res.headers.get('content-length'), label).toBe(String(body.length))
        expect(res.headers.get('content-type'), label).toBe('text/javascript; charset=utf-8')
        expect(res.headers.get('cache-control'), label).toBe('public, max-age=31536000, immutable')
        expect(res.headers.get('access-control-allow-origin'), label).toBe('*')
        expect(decode(body, encoding), label).toBe(asset.content)
        if (encoding) expect(body.length, label).toBeLessThan(asset.content.length / 5)
        const etag = res.headers.get('etag') ?? ''
        expect(etag, label).toMatch(/^"[^"]+"$/)
        etags.add(etag)
      }
      // One strong ETag per encoding: br, gzip, identity.
      expect(etags.size, asset.path).toBe(3)
    }
  })

  it('answers 304 without a body when If-None-Match names the encoding it would send', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    for (const path of ['/widget.js', ...ASSETS.map((asset) => asset.path)]) {
      const first = await t.app.request(path, { headers: { 'accept-encoding': 'br' } })
      const etag = first.headers.get('etag') ?? ''
      const again = await t.app.request(path, {
        headers: { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` },
      })
      expect(again.status, path).toBe(304)
      expect(await again.text(), path).toBe('')
      expect(again.headers.get('etag'), path).toBe(etag)
      expect(again.headers.get('vary'), path).toBe('Accept-Encoding')
      expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'))
      const weak = await t.app.request(path, {
        headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` },
      })
      expect(weak.status, path).toBe(304)
      // The gzip variant is other bytes: the brotli ETag does not validate it.
      const otherEncoding = await t.app.request(path, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      })
      expect(otherEncoding.status, path).toBe(200)
      expect(otherEncoding.headers.get('content-encoding'), path).toBe('gzip')
    }
  })

  it("lets the host page's performance tools time every widget file, 304s included (Timing-Allow-Origin)", async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    for (const path of ['/widget.js', ...ASSETS.map((asset) => asset.path)]) {
      const res = await t.app.request(path, { headers: { 'accept-encoding': 'br' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('timing-allow-origin'), path).toBe('*')
      const again = await t.app.request(path, {
        headers: { 'accept-encoding': 'br', 'if-none-match': res.headers.get('etag') ?? '' },
      })
      expect(again.status, path).toBe(304)
      expect(again.headers.get('timing-allow-origin'), path).toBe('*')
    }
  })

  it('serves /widget.js with the public settings inside, a short cache and cross-origin headers', async () => {
    t = createTestApp({
      staticDir: widgetBuild(),
      settings: createTestSettings({
        title: 'Acme \u2028 help',
        bot: { rules: [{ name: 'secretRule', keywords: ['x'], reply: 'y' }] },
      }),
    })
    const res = await t.app.request('/widget.js', { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(200)
    const code = decode(await bytes(res), 'br')
    expect(code).not.toContain(CONFIG_PLACEHOLDER)
    expect(code).not.toContain('secretRule')
    expect(code).toContain('\\u2028')
    // The embedded config is what /api/config answers.
    let config: unknown
    new Function('start', code)((options: { config: unknown }) => {
      config = options.config
    })
    const api = await t.request('/api/config')
    expect(config).toEqual(await api.json())
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
  })

  it("changes widget.js's ETag when the settings change, and serves the new settings", async () => {
    const staticDir = widgetBuild()
    t = createTestApp({ staticDir, settings: createTestSettings({ title: 'Before' }) })
    const before = await t.app.request('/widget.js')
    const etag = before.headers.get('etag') ?? ''
    expect(await before.text()).toContain('"title":"Before"')
    t.deps.settings.title = 'After'
    const after = await t.app.request('/widget.js', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(await after.text()).toContain('"title":"After"')
  })

  it("serves the build's precompressed files as they are, and ignores stale ones", async () => {
    const staticDir = widgetBuild()
    const chat = join(staticDir, 'assets', 'chat-abc123.js')
    const built = brotliCompressSync(Buffer.from(CHAT), { params: { 0: 1 } })
    writeFileSync(`${chat}.br`, built)
    t = createTestApp({ staticDir })
    const res = await t.app.request('/widget/assets/chat-abc123.js', {
      headers: { 'accept-encoding': 'br' },
    })
    expect(await bytes(res)).toEqual(built)
    // A rebuild under the running server: the file changed, its old .br no longer matches.
    writeFileSync(chat, `${CHAT}// rebuilt\n`)
    utimesSync(chat, new Date(), new Date(Date.now() + 5_000))
    const rebuilt = await t.app.request('/widget/assets/chat-abc123.js', {
      headers: { 'accept-encoding': 'br' },
    })
    expect(decode(await bytes(rebuilt), 'br')).toBe(`${CHAT}// rebuilt\n`)
    expect(rebuilt.headers.get('etag')).not.toBe(res.headers.get('etag'))
  })

  it('never serves the .br/.gz files by their own names', async () => {
    const staticDir = widgetBuild()
    writeFileSync(join(staticDir, 'assets', 'chat-abc123.js.br'), 'x')
    t = createTestApp({ staticDir })
    expect((await t.app.request('/widget/assets/chat-abc123.js.br')).status).toBe(404)
    expect((await t.app.request('/widget/assets/chat-abc123.js.gz')).status).toBe(404)
  })

  it('sends the exact Content-Length and encoding through the Node server', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    closers.push(() => server.close())
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    const { request } = await import('node:http')
    for (const path of ['/widget.js', '/widget/assets/chat-abc123.js', '/api/config']) {
      const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const req = request(
            { host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br, gzip' } },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (chunk: Buffer) => chunks.push(chunk))
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
            },
          )
          req.on('error', reject)
          req.end()
        },
      )
      expect(answer.headers['content-encoding'], path).toBe('br')
      expect(answer.headers['content-length'], path).toBe(String(answer.body.length))
      expect(answer.headers['transfer-encoding'], path).toBeUndefined()
      expect(() => brotliDecompressSync(answer.body), path).not.toThrow()
    }
  })

  it('refuses paths outside the assets folder', async () => {
    t = createTestApp({ staticDir: widgetBuild() })
    for (const path of [
      '/widget/assets/..%2Fwidget.js',
      '/widget/assets/../../package.json',
      '/widget/assets/.hidden',
      '/widget/assets/nothing.js',
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

  it('leaves the team (settings `team`) out of widget.js: the chat reads it from /api/config', async () => {
    t = createTestApp({
      staticDir: widgetBuild(),
      settings: createTestSettings({
        team: { avatars: ['https://cdn.example/team/anna.png'], replyTime: 'minutes' },
      }),
    })
    const code = decode(await bytes(await t.app.request('/widget.js')), null)
    expect(code).not.toContain('anna.png')
    expect(code).not.toContain('"team"')
    expect((await (await t.request('/api/config')).json()).team).toEqual({
      avatars: ['https://cdn.example/team/anna.png'],
      replyTime: 'minutes',
    })
  })
})
