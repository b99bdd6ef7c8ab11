import { waitFor, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend, json } from '../../support/fake-fetch'
import { mountHelpWidget } from '../support/fake-help'

type Widget = Awaited<ReturnType<typeof mountHelpWidget>>
const widgets: Widget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function start(options: Parameters<typeof mountHelpWidget>[0] = {}) {
  const widget = await mountHelpWidget(options)
  widgets.push(widget)
  return widget
}

describe('Porthole.searchArticles', () => {
  it('answers before the chat was ever opened, creating no session and storing nothing', async () => {
    const storage = createMemoryStore()
    const backend = createFakeBackend({ config: { lang: 'de' } })
    const widget = await start({ storage, backend })
    const stored = await storage.getMany(['session', 'conversation', 'draft', 'outbox'])
    const answer = await widget.widget.api.searchArticles('Wie kann ich etwas return?')
    expect(answer.confident).toBe(true)
    expect(answer.results.map((result) => result.id)).toEqual(['returns', 'refunds', 'exchanges'])
    expect(answer.results[0]).toEqual({
      id: 'returns',
      title: 'How returns works',
      snippet: 'The passage of returns that answers.',
      url: 'https://shop.example.com/help/returns',
    })
    const [search] = widget.help.searches()
    expect(search?.query.get('lang')).toBe('de')
    expect(search?.token).toBeUndefined()
    expect(backend.requests.filter((request) => request.path === '/api/session')).toEqual([])
    expect(await storage.getMany(['session', 'conversation', 'draft', 'outbox'])).toEqual(stored)
    expect(widget.screen.queryByRole('dialog')).toBeNull()
  })

  it('rejects with a clear Error on a rate limit, a network failure or bad input', async () => {
    const widget = await start()
    widget.help.state.search = () =>
      json({ error: { code: 'rate_limited', message: 'Too many' } }, 429, { 'retry-after': '17' })
    await expect(widget.widget.api.searchArticles('return')).rejects.toThrow(
      'Porthole.searchArticles: too many searches from this address, try again in 17 s',
    )
    widget.help.state.search = () => {
      throw new TypeError('Failed to fetch')
    }
    await expect(widget.widget.api.searchArticles('return')).rejects.toThrow(
      /^Porthole\.searchArticles failed: cannot reach the chat server \(TypeError: Failed to fetch\)$/,
    )
    widget.help.state.search = () => json({ results: 'nope' })
    await expect(widget.widget.api.searchArticles('return')).rejects.toThrow(/unreadable/)
    await expect(widget.widget.api.searchArticles('  ')).rejects.toThrow(TypeError)
    await expect(widget.widget.api.searchArticles(42 as unknown as string)).rejects.toThrow(
      /expects a non-empty text/,
    )
  })

  it('leaves out a result whose link is not http(s)', async () => {
    const widget = await start()
    widget.help.state.search = () => ({
      confident: true,
      results: [
        { id: 'a', title: 'A', snippet: '', url: 'javascript:alert(1)' },
        { id: 'b', title: 'B', snippet: '', url: 'https://shop.example.com/b' },
      ],
    })
    const answer = await widget.widget.api.searchArticles('anything at all')
    expect(answer.results.map((result) => result.id)).toEqual(['b'])
  })
})

describe('Porthole.openArticle', () => {
  it('opens the chat window on the article', async () => {
    const widget = await start()
    await widget.widget.api.openArticle('returns')
    const dialog = await widget.screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'How returns works' })).toBeTruthy()
    await waitFor(() =>
      expect(widget.help.events()).toEqual([{ type: 'article_opened', articleId: 'returns' }]),
    )
  })

  it('refuses anything but an article id', async () => {
    const widget = await start()
    await expect(widget.widget.api.openArticle('../admin')).rejects.toThrow(
      /expects an article's id/,
    )
    expect(widget.screen.queryByRole('dialog')).toBeNull()
  })
})
