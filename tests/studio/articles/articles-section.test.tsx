// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StudioApiError } from '../../../studio/src/api'
import { ArticlesSection } from '../../../studio/src/articles/ArticlesSection'
import type { StoredArticle } from '../../../studio/src/articles/help-types'
import { createFakeHelpApi, createStoredArticle } from '../support/fake-help-api'
import { createFakeStudioApi } from '../support/fake-studio-api'

afterEach(cleanup)

async function setup(articles: StoredArticle[] = [], confirm = vi.fn(() => true)) {
  const help = createFakeHelpApi(articles)
  const fake = createFakeStudioApi(undefined, help)
  const onDirtyChange = vi.fn()
  const view = render(
    <ArticlesSection
      api={fake.api}
      confirm={confirm}
      onDirtyChange={onDirtyChange}
      pollMs={1}
      searchDelayMs={0}
      previewDelayMs={0}
    />,
  )
  await view.findByText(/No articles match|Articles 1–/)
  return { help, view, confirm, onDirtyChange }
}

const input = (view: ReturnType<typeof render>, label: string, value: string) =>
  fireEvent.input(view.getByLabelText(label), { target: { value } })

describe('the Articles section', () => {
  it('creates an article: the id from the title, a live preview with its table and link, then the list', async () => {
    const { view, help, onDirtyChange } = await setup()
    fireEvent.click(view.getByRole('button', { name: 'New article' }))
    // The list is hidden: focus moves to the editor, and back to the list after.
    expect(document.activeElement?.textContent).toBe('New article')
    input(view, 'Title', 'Shipping')
    input(view, 'Title', 'Shipping times')
    expect((view.getByLabelText('Id (in the address)') as HTMLInputElement).value).toBe(
      'shipping-times',
    )
    input(
      view,
      'Text (Markdown)',
      '## Where\n\n| Zone | Days |\n|---|---|\n| EU | 3 |\n\nSee [rates](https://shop.example/rates) <script>x</script>',
    )
    const preview = within(view.getByRole('region', { name: 'Preview: what visitors see' }))
    expect(preview.getByRole('heading', { name: 'Shipping times' })).toBeTruthy()
    expect(await preview.findByRole('table')).toBeTruthy()
    expect(preview.getByRole('cell', { name: 'EU' })).toBeTruthy()
    expect(preview.getByRole('link', { name: 'rates' }).getAttribute('href')).toBe(
      'https://shop.example/rates',
    )
    // Raw HTML stays text, as visitors get it.
    expect(preview.getByText(/<script>x<\/script>/)).toBeTruthy()
    expect(view.container.querySelector('.ph-article script')).toBeNull()
    expect(view.getByText('Unsaved changes')).toBeTruthy()
    expect(onDirtyChange).toHaveBeenLastCalledWith(true)

    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await view.findByText('Saved “Shipping times”.')
    expect(help.articles.get('shipping-times')).toMatchObject({
      title: 'Shipping times',
      language: 'en',
      published: false,
    })
    expect(onDirtyChange).toHaveBeenLastCalledWith(false)
    // Saved: the id is fixed now.
    expect((view.getByLabelText('Id (in the address)') as HTMLInputElement).readOnly).toBe(true)
    fireEvent.click(view.getByRole('button', { name: 'Back to the list' }))
    const table = within(await view.findByRole('table', { name: 'Articles' }))
    expect(document.activeElement?.textContent).toBe('All articles')
    expect(table.getByRole('button', { name: 'Shipping times' })).toBeTruthy()
    expect(table.getByText('Draft')).toBeTruthy()
  })

  it('never replaces another article with a new one of the same id', async () => {
    const existing = createStoredArticle({ id: 'returns', title: 'Returns and refunds' })
    const { view, help } = await setup([existing])
    fireEvent.click(view.getByRole('button', { name: 'New article' }))
    input(view, 'Title', 'Returns')
    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await view.findByText(/An article with the id “returns” exists already/)
    expect(help.api.put).not.toHaveBeenCalled()
    expect(help.articles.get('returns')?.title).toBe('Returns and refunds')
  })

  it('asks before replacing a version saved elsewhere after it was opened', async () => {
    const article = createStoredArticle()
    const confirm = vi.fn(() => false)
    const { view, help } = await setup([article], confirm)
    fireEvent.click(await view.findByRole('button', { name: 'Returns and refunds' }))
    await view.findByRole('heading', { name: 'Edit “Returns and refunds”' })
    help.savedElsewhere({ ...article, title: 'Their title' })
    input(view, 'Title', 'My title')
    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/Replace their version/)),
    )
    expect(help.api.put).not.toHaveBeenCalled()
    confirm.mockReturnValue(true)
    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await view.findByText('Saved “My title”.')
  })

  it('shows the field a 400 names beside it, and says a 413 is too large', async () => {
    const { view, help } = await setup()
    fireEvent.click(view.getByRole('button', { name: 'New article' }))
    input(view, 'Title', 'Sizes')
    ;(help.api.put as ReturnType<typeof vi.fn>)
      .mockRejectedValueOnce(
        new StudioApiError(400, 'invalid_article', 'category: too long', [
          { path: 'category', message: 'At most 100 characters.' },
        ]),
      )
      .mockRejectedValueOnce(new StudioApiError(413, 'too_large', 'At most 200 KB.'))
    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await view.findByText('The article was not saved: category: too long')
    const form = within(view.getByRole('form', { name: 'New article' }))
    expect(form.getByLabelText('Category').getAttribute('aria-invalid')).toBe('true')
    expect(view.getByText('At most 100 characters.')).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Save article' }))
    await view.findByText(/it is too large \(at most 200 KB\)/)
    // The text typed is still there.
    expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe('Sizes')
  })

  it('asks before leaving unsaved changes, and deletes only after confirming', async () => {
    const confirm = vi.fn(() => false)
    const { view, help } = await setup([createStoredArticle()], confirm)
    fireEvent.click(await view.findByRole('button', { name: 'Returns and refunds' }))
    await view.findByRole('heading', { name: 'Edit “Returns and refunds”' })
    input(view, 'Title', 'Changed')
    fireEvent.click(view.getByRole('button', { name: 'Back to the list' }))
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/unsaved changes/))
    expect(view.getByRole('heading', { name: 'Edit “Returns and refunds”' })).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Delete article' }))
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/Delete the article/))
    expect(help.api.remove).not.toHaveBeenCalled()
    confirm.mockReturnValue(true)
    fireEvent.click(view.getByRole('button', { name: 'Delete article' }))
    await view.findByText('The article was deleted.')
    expect(help.articles.size).toBe(0)
    await view.findByText('No articles match.')
  })

  it('publishes and unpublishes from the list, and filters by status', async () => {
    const { view, help } = await setup([createStoredArticle({ published: false })])
    fireEvent.click(await view.findByRole('button', { name: 'Publish “Returns and refunds”' }))
    await view.findByText('“Returns and refunds” is published.')
    expect(help.articles.get('returns')?.published).toBe(true)
    // The rest of the article is kept as it was.
    expect(help.articles.get('returns')?.body).toContain('30 days')
    fireEvent.change(view.getByLabelText('Status'), { target: { value: 'draft' } })
    await view.findByText('No articles match.')
    expect(help.api.list).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'draft', offset: 0 }),
    )
  })

  it('pages through the list, and shows the newest filter’s answer, not a slower older one', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      createStoredArticle({ id: `a-${index}`, title: `Article ${index}` }),
    )
    const { view, help } = await setup(many)
    expect(view.getByText('Articles 1–20 of 45')).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Next' }))
    await view.findByText('Articles 21–40 of 45')
    expect(view.getByText('Page 2 of 3')).toBeTruthy()

    let answerOld: () => void = () => {}
    const list = vi.mocked(help.api.list)
    const real = list.getMockImplementation()
    list.mockImplementationOnce(
      (query) =>
        new Promise((resolve, reject) => {
          answerOld = () => real?.(query).then(resolve, reject)
        }),
    )
    input(view, 'Search', 'Article 1')
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'Article 1' })),
    )
    input(view, 'Search', 'Article 44')
    await view.findByText('Articles 1–1 of 1')
    answerOld()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(view.getByText('Articles 1–1 of 1')).toBeTruthy()
  })

  it('goes back a page when the last article of the last page is deleted', async () => {
    const many = Array.from({ length: 21 }, (_, index) =>
      createStoredArticle({ id: `a-${index}`, title: `Article ${index}` }),
    )
    const { view } = await setup(many)
    fireEvent.click(view.getByRole('button', { name: 'Next' }))
    await view.findByText('Articles 21–21 of 21')
    fireEvent.click(view.getByRole('button', { name: 'Delete “Article 0”' }))
    await view.findByText('Articles 1–20 of 20')
    expect(view.queryByRole('navigation', { name: 'Article pages' })).toBeNull()
  })

  it('shows the numbers and the questions with no article; “Write an article” starts one with the question', async () => {
    const help = createFakeHelpApi()
    help.setStats({
      searches: 1234,
      deflections: 56,
      unanswered: [
        {
          question: 'Можно ли оплатить наличными?',
          language: 'ru',
          count: 9,
          lastAt: Date.UTC(2026, 10, 28),
        },
      ],
    })
    const fake = createFakeStudioApi(undefined, help)
    const view = render(<ArticlesSection api={fake.api} confirm={() => true} />)
    const numbers = within((await view.findByLabelText('Help numbers')) as HTMLElement)
    expect(numbers.getByText('Searches').nextElementSibling?.textContent).toBe(
      (1234).toLocaleString(),
    )
    expect(numbers.getByText('Answered without a person').nextElementSibling?.textContent).toBe(
      '56',
    )
    const row = view.getByRole('row', { name: /Можно ли оплатить наличными/ })
    expect(within(row).getByText('Русский')).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: /Write an article/ }))
    expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Можно ли оплатить наличными?',
    )
    const form = within(view.getByRole('form', { name: 'New article' }))
    expect((form.getByLabelText('Language') as HTMLSelectElement).value).toBe('ru')
  })

  it('imports NDJSON: a bad line is named and nothing imported; a good file lands in the list', async () => {
    const { view, help } = await setup()
    fireEvent.click(view.getByText('Import articles'))
    input(
      view,
      'Or paste the lines',
      '{"id":"a","title":"A","body":"x","language":"en"}\n{"id":"b"\n',
    )
    fireEvent.click(view.getByRole('button', { name: 'Import' }))
    await view.findByText(/Nothing was imported: line 2 is not a valid article/)
    expect(help.articles.size).toBe(0)
    input(view, 'Or paste the lines', '{"id":"a","title":"Sizes","body":"x","language":"en"}\n')
    fireEvent.click(view.getByRole('button', { name: 'Import' }))
    await view.findByText('Imported 1 article (published).')
    await view.findByRole('button', { name: 'Sizes' })
  })

  it('imports from the site: progress every poll, the pages not imported with their addresses', async () => {
    const { view, help } = await setup()
    help.scriptNextJob([
      { state: 'running', total: 3, fetched: 1, imported: 1, errors: [] },
      {
        state: 'done',
        total: 3,
        fetched: 3,
        imported: 2,
        errors: [{ url: 'https://shop.example/help/old', reason: 'HTTP 404' }],
      },
    ])
    fireEvent.click(view.getByText('Import articles'))
    input(view, 'Sitemap address', 'ftp://shop.example/sitemap.xml')
    fireEvent.click(view.getByRole('button', { name: 'Import the pages' }))
    await view.findByText('Not an http(s) address: ftp://shop.example/sitemap.xml')
    input(view, 'Sitemap address', 'https://shop.example/sitemap.xml')
    fireEvent.change(view.getByLabelText('Language of the pages'), { target: { value: 'ru' } })
    input(view, 'Category (optional)', 'Help')
    fireEvent.click(view.getByRole('button', { name: 'Import the pages' }))
    await view.findByText(/Fetched 1 of 3 pages · 1 imported/)
    await view.findByText(/Done: 2 of 3 pages imported · 1 page not imported/)
    expect(view.getByText('https://shop.example/help/old').parentElement?.textContent).toBe(
      'https://shop.example/help/old: HTTP 404',
    )
    expect(help.api.importPages).toHaveBeenCalledWith({
      sitemap: 'https://shop.example/sitemap.xml',
      language: 'ru',
      category: 'Help',
    })
    // Polling stops once the job is done.
    const reads = (help.api.job as ReturnType<typeof vi.fn>).mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((help.api.job as ReturnType<typeof vi.fn>).mock.calls.length).toBe(reads)
  })
})
