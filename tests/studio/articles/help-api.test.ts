import { describe, expect, it } from 'vitest'
import { createStudioApi, isStudioApiError } from '../../../studio/src/api'
import { answer, scriptedFetch } from '../support/scripted-fetch'

function setup(...answers: Response[]) {
  const fetcher = scriptedFetch(...answers)
  return { help: createStudioApi(fetcher).help, fetcher }
}

const stored = {
  id: 'returns',
  title: 'Returns',
  body: 'Send it back.',
  language: 'en',
  keywords: ['refund', 7],
  published: true,
  featured: false,
  updatedAt: 5,
}

describe('the studio’s help API client', () => {
  it('lists with only the filters given, and reads the page', async () => {
    const { help, fetcher } = setup(
      answer(200, {
        articles: [
          { id: 'a', title: 'A', language: 'en', published: false, updatedAt: 1 },
          { id: 2 },
        ],
        total: 41,
        categories: ['Orders'],
        languages: ['en', 'ru'],
      }),
    )
    const page = await help.list({
      q: 'ship & pay',
      status: 'draft',
      language: '',
      offset: 20,
      limit: 20,
    })
    expect(fetcher.mock.calls[0]?.[0]).toBe(
      '/admin/api/help/articles?q=ship+%26+pay&status=draft&offset=20&limit=20',
    )
    // A row the studio cannot read is left out rather than shown broken.
    expect(page).toEqual({
      articles: [
        { id: 'a', title: 'A', language: 'en', published: false, featured: false, updatedAt: 1 },
      ],
      total: 41,
      categories: ['Orders'],
      languages: ['en', 'ru'],
    })
  })

  it('gets an article by its id in the path, and undefined for a 404', async () => {
    const { help, fetcher } = setup(
      answer(200, stored),
      answer(404, { error: { code: 'article_not_found', message: 'No such article.' } }),
    )
    expect(await help.get('returns')).toEqual({ ...stored, keywords: ['refund'] })
    expect(await help.get('gone')).toBeUndefined()
    expect(fetcher.mock.calls[1]?.[0]).toBe('/admin/api/help/articles/gone')
  })

  it('puts the article as JSON and reads the stored one back', async () => {
    const { help, fetcher } = setup(answer(200, stored))
    const { id: _id, updatedAt: _at, ...input } = stored
    await help.put('returns', { ...input, keywords: ['refund'] })
    const [url, init] = fetcher.mock.calls[0] ?? []
    expect(url).toBe('/admin/api/help/articles/returns')
    expect(init?.method).toBe('PUT')
    expect(JSON.parse(String(init?.body))).toMatchObject({ title: 'Returns', published: true })
  })

  it('reads the line of a refused import, flat or nested, and a field a 400 names', async () => {
    const { help, fetcher } = setup(
      answer(400, { error: 'invalid_line', line: 3, message: 'title: required' }),
      answer(400, { error: { code: 'invalid_line', line: 7, message: 'not JSON' } }),
      answer(400, {
        error: { code: 'invalid_article', message: 'url: not http(s)', field: 'url' },
      }),
    )
    const flat = await help.importLines('{}\n').catch((error: unknown) => error)
    expect(isStudioApiError(flat) && [flat.code, flat.line, flat.message]).toEqual([
      'invalid_line',
      3,
      'title: required',
    ])
    expect(fetcher.mock.calls[0]?.[1]?.headers).toMatchObject({
      'content-type': 'application/x-ndjson',
    })
    const nested = await help.importLines('{}\n').catch((error: unknown) => error)
    expect(isStudioApiError(nested) && nested.line).toBe(7)
    const field = await help.put('a', { ...stored, keywords: [] }).catch((error: unknown) => error)
    expect(isStudioApiError(field) && field.fields).toEqual([
      { path: 'url', message: 'url: not http(s)' },
    ])
  })

  it('starts a pages import and reads its progress; an unreadable answer is an error', async () => {
    const { help } = setup(
      answer(202, { job: 'j1' }),
      answer(200, {
        state: 'running',
        total: 4,
        fetched: 1,
        imported: 1,
        errors: [{ url: 'https://a.example/x', reason: 'HTTP 404' }],
      }),
      answer(200, { state: 'paused' }),
    )
    expect(
      await help.importPages({ sitemap: 'https://a.example/sitemap.xml', language: 'en' }),
    ).toBe('j1')
    expect(await help.job('j1')).toEqual({
      state: 'running',
      total: 4,
      fetched: 1,
      imported: 1,
      errors: [{ url: 'https://a.example/x', reason: 'HTTP 404' }],
    })
    const odd = await help.job('j1').catch((error: unknown) => error)
    expect(isStudioApiError(odd) && odd.code).toBe('bad_answer')
  })
})
