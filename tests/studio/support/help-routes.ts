import type { Page, Route } from 'playwright-core'
import type { ImportJob, StoredArticle } from '../../../studio/src/articles/help-types'

// The backend's /admin/api/help/* as the HTTP contract describes it, answered in the page
// by playwright's routing: the studio's Articles screens in Chromium before the backend's
// routes exist on this branch. Everything else goes to the real backend.

export interface HelpRoutes {
  articles: Map<string, StoredArticle>
  /** What GET /admin/api/help/stats answers (articles counted live). */
  stats: Record<string, unknown>
  /** The progress a started pages import reports, one step a poll (the last one repeats). */
  jobSteps: ImportJob[]
  /** Every request made, as "METHOD path". */
  calls: string[]
}

const json = (route: Route, status: number, body?: unknown) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: body === undefined ? '' : JSON.stringify(body),
  })

const error = (route: Route, status: number, code: string, message: string, extra = {}) =>
  json(route, status, { error: { code, message, ...extra } })

export async function routeHelpApi(page: Page, seed: StoredArticle[] = []): Promise<HelpRoutes> {
  let clock = Date.UTC(2026, 10, 28, 9, 0)
  const state: HelpRoutes = {
    articles: new Map(seed.map((article) => [article.id, article])),
    stats: {},
    jobSteps: [],
    calls: [],
  }
  let polls = 0
  await page.route('**/admin/api/help/**', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const path = url.pathname.replace('/admin/api/help', '')
    const method = request.method()
    state.calls.push(`${method} ${path}`)
    const id = decodeURIComponent(path.match(/^\/articles\/(.+)$/)?.[1] ?? '')
    if (method === 'GET' && path === '/articles') {
      const q = url.searchParams.get('q')?.toLowerCase()
      const status = url.searchParams.get('status')
      const all = [...state.articles.values()].sort((a, b) => b.updatedAt - a.updatedAt)
      const found = all.filter(
        (article) =>
          (!q || article.id.includes(q) || article.title.toLowerCase().includes(q)) &&
          (!status || article.published === (status === 'published')),
      )
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const limit = Number(url.searchParams.get('limit') ?? 20)
      return json(route, 200, {
        articles: found
          .slice(offset, offset + limit)
          .map(({ body: _b, keywords: _k, ...row }) => row),
        total: found.length,
        categories: [...new Set(all.flatMap((article) => article.category ?? []))],
        languages: [...new Set(all.map((article) => article.language))],
      })
    }
    if (id && method === 'GET') {
      const article = state.articles.get(id)
      return article
        ? json(route, 200, article)
        : error(route, 404, 'article_not_found', 'No such article.')
    }
    if (id && method === 'PUT') {
      const body = request.postDataJSON()
      if (typeof body.title !== 'string' || body.title.trim() === '')
        return error(route, 400, 'invalid_article', 'title: required', { field: 'title' })
      clock += 1000
      const article = { ...body, id, updatedAt: clock }
      state.articles.set(id, article)
      return json(route, 200, article)
    }
    if (id && method === 'DELETE') {
      return state.articles.delete(id)
        ? route.fulfill({ status: 204 })
        : error(route, 404, 'article_not_found', 'No such article.')
    }
    if (method === 'POST' && path === '/import') {
      const lines = (request.postData() ?? '').split('\n').filter((line) => line.trim())
      const parsed: StoredArticle[] = []
      for (const [index, line] of lines.entries()) {
        try {
          const value = JSON.parse(line)
          if (typeof value.id !== 'string' || typeof value.title !== 'string') throw new Error()
          parsed.push({ body: '', ...value, published: true, featured: false, updatedAt: ++clock })
        } catch {
          return json(route, 400, {
            error: 'invalid_line',
            line: index + 1,
            message: `line ${index + 1}: not an article (id, title, body, language)`,
          })
        }
      }
      for (const article of parsed) state.articles.set(article.id, article)
      return json(route, 200, { imported: parsed.length })
    }
    if (method === 'POST' && path === '/import/pages') {
      polls = 0
      return json(route, 202, { job: 'job-1' })
    }
    if (method === 'GET' && path === '/import/pages/job-1') {
      const step = state.jobSteps[Math.min(polls, state.jobSteps.length - 1)]
      polls += 1
      return json(route, 200, step)
    }
    if (method === 'GET' && path === '/stats')
      return json(route, 200, { ...state.stats, articles: state.articles.size })
    return error(route, 404, 'not_found', `No route ${method} ${path}`)
  })
  return state
}
