import type {
  ArticleResult,
  ArticleSearchAnswer,
  PublicArticle,
} from '../../../shared/help/article-tree'
import { createFakeBackend, json } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidgetOptions } from '../../support/mount-widget'

/** One call to the help routes, as the fake saw it. */
export interface HelpRequest {
  method: string
  path: string
  query: URLSearchParams
  body: Record<string, unknown> | undefined
  token: string | undefined
}

export function createResult(id: string, overrides: Partial<ArticleResult> = {}): ArticleResult {
  return {
    id,
    title: `How ${id.replaceAll('-', ' ')} works`,
    snippet: `The passage of ${id} that answers.`,
    url: `https://shop.example.com/help/${id}`,
    ...overrides,
  }
}

export function createArticle(id: string, overrides: Partial<PublicArticle> = {}): PublicArticle {
  return {
    id,
    title: `How ${id.replaceAll('-', ' ')} works`,
    language: 'en',
    url: `https://shop.example.com/help/${id}`,
    blocks: [
      { type: 'paragraph', children: [{ type: 'text', text: `All about ${id}.` }] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Steps' }] },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'Print the label' }] }]],
      },
    ],
    updatedAt: 1_700_000_000_000,
    ...overrides,
  }
}

/**
 * The help routes (docs: the articles' HTTP contract) faked at the fetch boundary, in front
 * of another fake (the widget's backend) that answers everything else. `search` decides
 * each answer (a Response for an error, a promise to hold it); the events are recorded.
 */
export function createFakeHelp(
  next: typeof fetch = async () => json({ error: { code: 'not_found', message: 'no' } }, 404),
) {
  const requests: HelpRequest[] = []
  const state = {
    featured: [createResult('shipping-times'), createResult('returns')] as ArticleResult[],
    search: (query: string): ArticleSearchAnswer | Response | Promise<ArticleSearchAnswer> => ({
      results: /return/i.test(query)
        ? [createResult('returns'), createResult('refunds'), createResult('exchanges')]
        : [],
      confident: /return/i.test(query),
    }),
    articles: new Map<string, PublicArticle>([
      ['returns', createArticle('returns')],
      ['shipping-times', createArticle('shipping-times')],
    ]),
  }
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (!url.pathname.startsWith('/api/help/')) return next(input, init)
    const headers = new Headers(init?.headers)
    const request: HelpRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      token: headers.get('authorization')?.replace(/^Bearer /, '') ?? undefined,
    }
    requests.push(request)
    if (request.path === '/api/help/search') {
      const answer = await state.search(url.searchParams.get('q') ?? '')
      return answer instanceof Response ? answer : json(answer)
    }
    if (request.path === '/api/help/featured') return json({ results: state.featured })
    if (request.path === '/api/help/events') return new Response(null, { status: 204 })
    const id = decodeURIComponent(request.path.replace('/api/help/articles/', ''))
    const article = state.articles.get(id)
    return article
      ? json(article)
      : json({ error: { code: 'article_not_found', message: 'No such article' } }, 404)
  }) as typeof globalThis.fetch
  return {
    fetch,
    requests,
    state,
    searches: () => requests.filter((request) => request.path === '/api/help/search'),
    events: () =>
      requests.filter((request) => request.path === '/api/help/events').map((r) => r.body),
  }
}
export type FakeHelp = ReturnType<typeof createFakeHelp>

/** The widget against the fake backend with the help routes in front of it. */
export async function mountHelpWidget(options: TestWidgetOptions = {}) {
  const backend = options.backend ?? createFakeBackend()
  const help = createFakeHelp(backend.fetch)
  const widget = await mountTestWidget({ ...options, backend: { ...backend, fetch: help.fetch } })
  return { ...widget, help }
}
