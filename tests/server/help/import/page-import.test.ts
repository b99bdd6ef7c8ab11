import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPrivateAddress } from '../../../../server/help/import/fetch-guard'
import { fetchPage } from '../../../../server/help/import/fetch-page'
import { createPageImports } from '../../../../server/help/import/page-import-jobs'
import { createMemoryArticleStore } from '../../../../server/help/store/memory-article-store'
import { createLogger } from '../../../../server/logging/logger'
import { createMemoryStore } from '../../../../server/store/memory-store'

const ARTICLE_HTML = `<!doctype html><html><head><title>Returns policy</title>
<script>window.stolen = document.cookie</script></head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<article><h1>Returns policy</h1>
<p>You can return any item within thirty days of delivery for a full refund, no questions asked.</p>
<script>alert('inline')</script>
<p onclick="alert(1)">Print the prepaid return label from your account page, pack the item and drop it at any post office.</p>
<p>Refunds reach your card within five working days after the warehouse receives the parcel.</p>
</article><footer>© Shop</footer></body></html>`

let server: Server
let port = 0
const slowResponses: { end(): void }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const base = `http://localhost:${port}`
    const xml = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' })
      res.end(body)
    }
    switch (req.url) {
      case '/sitemap-index.xml':
        return xml(
          `<?xml version="1.0"?><sitemapindex><sitemap><loc>${base}/sitemap-a.xml</loc></sitemap><sitemap><loc>${base}/sitemap-b.xml</loc></sitemap></sitemapindex>`,
        )
      case '/sitemap-a.xml':
        return xml(
          `<urlset><url><loc>${base}/help/Returns_Policy.html</loc></url><url><loc>${base}/help/huge</loc></url><url><loc>${base}/help/to-loopback</loc></url></urlset>`,
        )
      case '/sitemap-b.xml':
        return xml(
          `<urlset><url><loc>${base}/help/slow</loc></url><url><loc>javascript:alert(1)</loc></url></urlset>`,
        )
      case '/help/Returns_Policy.html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(ARTICLE_HTML)
      case '/help/huge': {
        // 5 MB without a Content-Length: refused while streaming.
        res.writeHead(200, { 'content-type': 'text/html' })
        const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`
        for (let i = 0; i < 80; i++) res.write(chunk)
        return res.end()
      }
      case '/help/to-loopback':
        res.writeHead(302, { location: `http://127.0.0.1:${port}/help/Returns_Policy.html` })
        return res.end()
      case '/help/slow':
        res.writeHead(200, { 'content-type': 'text/html' })
        res.write('<p>')
        slowResponses.push(res)
        return
      default:
        res.writeHead(404)
        res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const res of slowResponses) res.end()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('the fetch guard', () => {
  it('knows private, loopback and link-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'fd00::1',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['93.184.216.34', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false)
  })

  it('refuses loopback by literal address and by a name resolving to it, unless allowed', async () => {
    await expect(
      fetchPage(`http://127.0.0.1:${port}/help/Returns_Policy.html`, { allowedHosts: [] }),
    ).rejects.toThrow(/private address/)
    await expect(
      fetchPage(`http://localhost:${port}/help/Returns_Policy.html`, { allowedHosts: [] }),
    ).rejects.toThrow(/private address/)
    await expect(fetchPage(`file:///etc/passwd`, { allowedHosts: [] })).rejects.toThrow(/http\(s\)/)
    const page = await fetchPage(`http://localhost:${port}/help/Returns_Policy.html`, {
      allowedHosts: ['localhost'],
    })
    expect(page.text).toContain('Returns policy')
  })
})

describe('importing help pages from a sitemap of sitemaps', () => {
  it('imports the article, refuses the huge, slow and redirected pages, and reports each', async () => {
    const articles = createMemoryArticleStore()
    const store = createMemoryStore()
    const imports = createPageImports({
      store,
      articles,
      allowedHosts: ['localhost'],
      now: () => 1000,
      logger: createLogger({ level: 'error', write: () => {} }),
      pageLimits: { timeoutMs: 3000 },
    })
    const started = imports.start({
      sitemap: `http://localhost:${port}/sitemap-index.xml`,
      language: 'en',
      category: 'Orders',
    })
    if (!started.ok) throw new Error(started.problem)
    const job = await started.job
    await imports.finished(job)
    const status = await imports.status(job)
    expect(status).toMatchObject({ state: 'done', total: 4, fetched: 4, imported: 1 })
    const reasons = Object.fromEntries(
      (status?.errors ?? []).map((e) => [new URL(e.url).pathname, e.reason]),
    )
    expect(reasons['/help/huge']).toMatch(/larger than 2 MB/)
    expect(reasons['/help/slow']).toMatch(/longer than the time allowed/)
    expect(reasons['/help/to-loopback']).toMatch(/127\.0\.0\.1 is a private address/)
    const saved = await articles.get('returns-policy')
    expect(saved?.article).toMatchObject({
      title: 'Returns policy',
      url: `http://localhost:${port}/help/Returns_Policy.html`,
      category: 'Orders',
      published: true,
    })
    expect(saved?.article.body).toContain('thirty days')
    expect(saved?.article.body).not.toMatch(/alert|stolen|onclick/)
  })

  it('refuses a request without pages or with a bad language', () => {
    const imports = createPageImports({
      store: createMemoryStore(),
      articles: createMemoryArticleStore(),
      allowedHosts: [],
      now: () => 1,
      logger: createLogger({ level: 'error', write: () => {} }),
    })
    expect(imports.start({ language: 'en' })).toMatchObject({ ok: false })
    expect(imports.start({ urls: ['ftp://x'], language: 'en' })).toMatchObject({ ok: false })
    expect(imports.start({ urls: ['https://x.example/a'], language: 'not a tag' })).toMatchObject({
      ok: false,
    })
  })
})
