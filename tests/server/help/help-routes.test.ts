import { describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createTestConfig } from '../../support/test-config'
import { stopAfterEach } from '../support/stop-after-each'
import { createTestApp, type TestApp } from '../support/test-app'

const TOKEN = 'admin-token-0123456789abcdef'
const ADMIN = { authorization: `Bearer ${TOKEN}` }

const apps = stopAfterEach((t: TestApp) => t.stop())

async function helpApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = apps(
    createTestApp({
      config: createTestConfig(
        {},
        { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN: TOKEN, ...env },
      ),
    }),
  )
  await runtimeOf(t.app).help.start()
  return t
}

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Returns and refunds',
  body: 'You get a refund within 30 days. Print the return label from your account.',
  language: 'en',
  published: true,
  featured: false,
  ...overrides,
})

async function put(app: TestApp, id: string, body: unknown): Promise<Response> {
  return app.request(`/admin/api/help/articles/${id}`, { method: 'PUT', body, headers: ADMIN })
}

describe('help routes', () => {
  it('saves, reads, lists and deletes articles with the admin token, and refuses without it', async () => {
    const app = await helpApp()
    expect((await app.request('/admin/api/help/articles')).status).toBe(401)
    const saved = await put(app, 'returns', article({ category: 'Orders' }))
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ id: 'returns', category: 'Orders', published: true })
    const list = await (await app.request('/admin/api/help/articles', { headers: ADMIN })).json()
    expect(list).toMatchObject({ total: 1, categories: ['Orders'], languages: ['en'] })
    const bad = await put(app, 'other', article({ title: '' }))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('title')
    expect((await put(app, 'Not_A_Slug', article())).status).toBe(400)
    const deleted = await app.request('/admin/api/help/articles/returns', {
      method: 'DELETE',
      headers: ADMIN,
    })
    expect(deleted.status).toBe(204)
    expect(
      (await app.request('/admin/api/help/articles/returns', { method: 'DELETE', headers: ADMIN }))
        .status,
    ).toBe(404)
  })

  it('finds published articles only, with their url; a search records no question', async () => {
    const app = await helpApp()
    await put(app, 'returns', article())
    await put(
      app,
      'own-page',
      article({ title: 'Refund label days', url: 'https://shop.example/refunds' }),
    )
    await put(app, 'draft', article({ title: 'Refund label days draft', published: false }))
    const answer = await (
      await app.request('/api/help/search?q=refund%20label%20days&lang=en')
    ).json()
    const byId = Object.fromEntries(
      answer.results.map((r: { id: string; url: string }) => [r.id, r.url]),
    )
    expect(byId).toEqual({
      returns: 'http://porthole.test/help/returns',
      'own-page': 'https://shop.example/refunds',
    })
    await app.request('/api/help/search?q=how%20do%20I%20fly%20to%20Mars%3F&lang=en')
    const stats = await (await app.request('/admin/api/help/stats', { headers: ADMIN })).json()
    // Typed a word at a time, searches would list every prefix: only a question the
    // visitor gave up on is listed (the event below, the bot's misses).
    expect(stats).toMatchObject({ articles: 3, searches: 2, unanswered: [] })
  })

  it('lists a question the visitor gave up on, once per event, not a prefix of a few words', async () => {
    const app = await helpApp()
    const post = (body: object) =>
      app.request('/api/help/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect(
      (await post({ type: 'unanswered', query: 'how do I fly to Mars?', lang: 'en' })).status,
    ).toBe(204)
    await post({
      type: 'not_helpful',
      articleId: 'returns',
      query: 'how do I fly to Mars',
      lang: 'en',
    })
    await post({ type: 'unanswered', query: 'fly', lang: 'en' })
    const stats = await (await app.request('/admin/api/help/stats', { headers: ADMIN })).json()
    expect(stats.unanswered).toEqual([
      expect.objectContaining({ question: 'how do i fly to mars', language: 'en', count: 2 }),
    ])
    expect(stats.notHelpful).toBe(1)
  })

  it('answers a 20,000-character query and regex metacharacters at once, and wants q', async () => {
    const app = await helpApp()
    await put(app, 'returns', article())
    const long = await app.request(`/api/help/search?q=${'refund '.repeat(2900)}`)
    expect(long.status).toBe(200)
    const meta = await app.request(`/api/help/search?q=${encodeURIComponent('(a+)+$ [* \\')}`)
    expect(await meta.json()).toEqual({ results: [], confident: false })
    expect((await app.request('/api/help/search')).status).toBe(400)
    expect((await app.request('/api/help/search?q=x&limit=11')).status).toBe(400)
  })

  it("serves featured articles in the visitor's language first, and one article as blocks", async () => {
    const app = await helpApp()
    await put(app, 'en-one', article({ featured: true, title: 'English' }))
    await put(app, 'ru-one', article({ featured: true, title: 'Russian', language: 'ru' }))
    await put(app, 'hidden', article({ featured: true, published: false }))
    const featured = await (await app.request('/api/help/featured?lang=ru')).json()
    expect(featured.results.map((r: { id: string }) => r.id)).toEqual(['ru-one', 'en-one'])
    expect(featured.results[0].snippet).toContain('refund within 30 days')
    const one = await (await app.request('/api/help/articles/en-one')).json()
    expect(one).toMatchObject({ id: 'en-one', url: 'http://porthole.test/help/en-one' })
    expect(one.blocks[0].type).toBe('paragraph')
    expect((await app.request('/api/help/articles/hidden')).status).toBe(404)
    expect((await app.request('/api/help/articles/..%2Fx')).status).toBe(404)
  })

  it('takes events, counts them, and refuses an unknown type', async () => {
    const app = await helpApp()
    const { token } = await app.newVisitor()
    for (const type of ['suggestions_shown', 'article_opened', 'helpful', 'not_helpful'])
      expect(
        (await app.request('/api/help/events', { body: { type, articleId: 'a' }, token })).status,
      ).toBe(204)
    expect((await app.request('/api/help/events', { body: { type: 'hack' } })).status).toBe(400)
    const stats = await (await app.request('/admin/api/help/stats', { headers: ADMIN })).json()
    expect(stats).toMatchObject({
      suggestionsShown: 1,
      articlesOpened: 1,
      helpful: 1,
      notHelpful: 1,
      deflections: 1,
    })
    const metrics = await (await app.request('/metrics')).text()
    expect(metrics).toMatch(/porthole_help_helpful_total\{helpful="yes"\} 1/)
    expect(metrics).toMatch(/porthole_help_deflections_total 1/)
  })

  it('allows ALLOWED_ORIGINS, refuses other origins, and limits searches per address', async () => {
    const app = await helpApp({ RATE_LIMIT_SEARCHES_PER_MINUTE: '2' })
    const ok = await app.request('/api/help/search?q=x')
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    const foreign = await app.request('/api/help/search?q=x', {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    await app.request('/api/help/search?q=x')
    const limited = await app.request('/api/help/search?q=x')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Events count on their own: the searches used up do not refuse them.
    const event = () => app.request('/api/help/events', { body: { type: 'suggestions_shown' } })
    expect((await event()).status).toBe(204)
    expect((await event()).status).toBe(204)
    expect((await event()).status).toBe(429)
  })

  it('imports NDJSON atomically: a bad line 3 names the line and stores nothing', async () => {
    const app = await helpApp()
    const line = (id: string) =>
      JSON.stringify({ id, title: `Title ${id}`, body: 'Body', language: 'en' })
    const ndjson = (lines: string[]) =>
      app.app.request('/admin/api/help/import', {
        method: 'POST',
        headers: { ...ADMIN, 'content-type': 'application/x-ndjson' },
        body: lines.join('\n'),
      })
    const bad = await ndjson([line('one'), line('two'), '{"id":"three","title":"T"}'])
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_line', line: 3 } })
    expect(
      (await (await app.request('/admin/api/help/articles', { headers: ADMIN })).json()).total,
    ).toBe(0)
    const good = await ndjson([line('one'), '', line('two')])
    expect(await good.json()).toEqual({ imported: 2 })
    expect((await app.request('/api/help/articles/two')).status).toBe(200)
  })

  it('starts a pages import and reports its progress, refusing a request without pages', async () => {
    const app = await helpApp()
    const post = (body: unknown) =>
      app.request('/admin/api/help/import/pages', { method: 'POST', body, headers: ADMIN })
    expect((await post({ language: 'en' })).status).toBe(400)
    // A private address, not in ALLOWED_FETCH_HOSTS: the job runs and reports why.
    const started = await post({ urls: ['http://127.0.0.1:9/help/a'], language: 'en' })
    expect(started.status).toBe(202)
    const { job } = await started.json()
    const status = async () =>
      (await app.request(`/admin/api/help/import/pages/${job}`, { headers: ADMIN })).json()
    await expect.poll(async () => (await status()).state).toBe('failed')
    expect((await status()).errors[0].reason).toMatch(/private address/)
    expect(
      (await app.request('/admin/api/help/import/pages/nope', { headers: ADMIN })).status,
    ).toBe(404)
  })

  it('renders /help pages with hostile Markdown inert and the language set', async () => {
    const app = await helpApp()
    const hostile =
      '<script>alert(1)</script>\n\n[click](javascript:alert(2)) <img src=x onerror=alert(3)>\n\n"quotes" & <b>'
    await put(app, 'hostile', article({ title: '<i>Title</i>', body: hostile, language: 'ar' }))
    const page = await app.request('/help/hostile')
    const html = await page.text()
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).not.toMatch(/<script|javascript:|<img src=x|<i>Title/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    const index = await (await app.request('/help')).text()
    expect(index).toContain('href="/help/hostile"')
    expect((await app.request('/help/nope')).status).toBe(404)
  })
})
