import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { ArticleSearchAnswer } from '../../../shared/help/article-tree'
import { json } from '../../support/fake-fetch'
import { createResult, mountHelpWidget } from '../support/fake-help'

type Widget = Awaited<ReturnType<typeof mountHelpWidget>>
const widgets: Widget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

/** The chat open, then its Help view. */
async function openHelp(options: Parameters<typeof mountHelpWidget>[0] = {}) {
  const widget = await mountHelpWidget(options)
  widgets.push(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  fireEvent.click(await widget.screen.findByRole('button', { name: 'Help' }))
  await widget.screen.findByRole('heading', { name: 'Help' })
  return widget
}
const focused = (widget: Widget) => widget.root.activeElement

/** The help widget with the chat open and `text` typed in its message box. */
async function chatWithText(text: string) {
  const widget = await mountHelpWidget()
  widgets.push(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  const message = await widget.screen.findByRole('textbox', { name: 'Message' })
  fireEvent.input(message, { target: { value: text } })
  return { widget, message }
}

describe('the Help view', () => {
  it('opens from the header on the featured articles, its heading focused', async () => {
    const widget = await openHelp()
    const heading = widget.screen.getByRole('heading', { name: 'Help' })
    await waitFor(() => expect(focused(widget)).toBe(heading))
    expect(await widget.screen.findByRole('heading', { name: 'Popular articles' })).toBeTruthy()
    expect(widget.screen.getByRole('button', { name: /How shipping times works/ })).toBeTruthy()
    expect(widget.screen.getByRole('button', { name: 'Help' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    // The conversation's message box is not there meanwhile.
    expect(widget.screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
  })

  it('searches as the visitor types, once per pause, and ignores a late answer to older text', async () => {
    const widget = await openHelp()
    const held: ((answer: ArticleSearchAnswer) => void)[] = []
    widget.help.state.search = () => new Promise((resolve) => held.push(resolve))
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    for (const text of ['r', 're', 'ret', 'retu', 'return'])
      fireEvent.input(box, { target: { value: text } })
    await waitFor(() => expect(widget.help.searches()).toHaveLength(1))
    expect(widget.help.searches()[0]?.query.get('q')).toBe('return')
    expect(widget.help.searches()[0]?.query.get('lang')).toBe('en')
    fireEvent.input(box, { target: { value: 'refund' } })
    await waitFor(() => expect(widget.help.searches()).toHaveLength(2))
    held[1]?.({ results: [createResult('refunds')], confident: true })
    expect(await widget.screen.findByText('1 article found')).toBeTruthy()
    held[0]?.({ results: [createResult('returns'), createResult('labels')], confident: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(widget.screen.getByText('1 article found')).toBeTruthy()
    expect(widget.screen.queryByRole('button', { name: /How returns works/ })).toBeNull()
    expect(widget.screen.getByRole('button', { name: /How refunds works/ })).toBeTruthy()
  })

  it('searching starts no conversation: no session, no live stream', async () => {
    const widget = await openHelp()
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    fireEvent.keyDown(box, { key: 'r' })
    fireEvent.input(box, { target: { value: 'return' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(await widget.screen.findByText('3 articles found')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(widget.backend.requests.filter((request) => request.path === '/api/session')).toEqual([])
    expect(widget.EventSource.instances).toHaveLength(0)
  })

  it('says when nothing matches, and offers a person', async () => {
    const widget = await openHelp()
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    fireEvent.input(box, { target: { value: 'warranty on a kettle' } })
    expect(await widget.screen.findByText('0 articles found')).toBeTruthy()
    expect(widget.screen.getByText(/No article matches/)).toBeTruthy()
    fireEvent.click(widget.screen.getByRole('button', { name: 'Talk to a person' }))
    const message = await widget.screen.findByRole('textbox', { name: 'Message' })
    expect((message as HTMLTextAreaElement).value).toBe('warranty on a kettle')
    await waitFor(() => expect(focused(widget)).toBe(message))
  })

  it('shows a failed search and tries again', async () => {
    const widget = await openHelp()
    widget.help.state.search = () => json({ error: { code: 'internal', message: 'down' } }, 503)
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    fireEvent.input(box, { target: { value: 'return' } })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(widget.help.searches()).toHaveLength(2))
  })

  it('reads an article in the window; Yes is counted; Escape goes back one level at a time', async () => {
    const widget = await openHelp()
    fireEvent.click(await widget.screen.findByRole('button', { name: /How returns works/ }))
    const title = await widget.screen.findByRole('heading', { name: 'How returns works' })
    await waitFor(() => expect(focused(widget)).toBe(title))
    expect(await widget.screen.findByText('Print the label')).toBeTruthy()
    expect(
      widget.screen.getByRole('link', { name: 'Open in a new tab' }).getAttribute('target'),
    ).toBe('_blank')
    await waitFor(() =>
      expect(widget.help.events()).toEqual([{ type: 'article_opened', articleId: 'returns' }]),
    )
    fireEvent.click(widget.screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() =>
      expect(widget.help.events().at(-1)).toEqual({ type: 'helpful', articleId: 'returns' }),
    )
    const thanks = widget.screen.getByText('Thank you! Glad it helped.')
    expect(focused(widget)).toBe(thanks)
    // Escape: to the list (its heading focused), then to the conversation; the window stays.
    fireEvent.keyDown(thanks, { key: 'Escape' })
    const heading = await widget.screen.findByRole('heading', { name: 'Help' })
    await waitFor(() => expect(focused(widget)).toBe(heading))
    fireEvent.keyDown(heading, { key: 'Escape' })
    const message = await widget.screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(focused(widget)).toBe(message))
    expect(widget.screen.getByRole('dialog')).toBeTruthy()
  })

  it('leaving with a question nothing answered reports it once; a confident answer does not', async () => {
    const widget = await openHelp()
    widget.help.state.search = async () => ({
      results: [createResult('returns')],
      confident: false,
    })
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    fireEvent.input(box, { target: { value: 'can I pay with bitcoin' } })
    expect(await widget.screen.findByText('1 article found')).toBeTruthy()
    fireEvent.keyDown(box, { key: 'Escape' })
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() =>
      expect(widget.help.events()).toEqual([
        { type: 'unanswered', query: 'can I pay with bitcoin', lang: 'en' },
      ]),
    )
    // Answered with confidence: leaving says nothing.
    fireEvent.click(widget.screen.getByRole('button', { name: 'Help' }))
    widget.help.state.search = async () => ({ results: [createResult('returns')], confident: true })
    fireEvent.input(await widget.screen.findByRole('searchbox', { name: 'Search articles' }), {
      target: { value: 'return a gift' },
    })
    expect(await widget.screen.findByText('1 article found')).toBeTruthy()
    fireEvent.keyDown(widget.screen.getByRole('searchbox', { name: 'Search articles' }), {
      key: 'Escape',
    })
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(widget.help.events()).toHaveLength(1)
  })

  it('"Talk to a person" from an article: the search in the message box, the event counted', async () => {
    const widget = await openHelp()
    const box = widget.screen.getByRole('searchbox', { name: 'Search articles' })
    fireEvent.input(box, { target: { value: 'return a gift' } })
    fireEvent.click(await widget.screen.findByRole('button', { name: /How returns works/ }))
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Talk to a person' }))
    const message = await widget.screen.findByRole('textbox', { name: 'Message' })
    expect((message as HTMLTextAreaElement).value).toBe('return a gift')
    await waitFor(() => expect(focused(widget)).toBe(message))
    await waitFor(() =>
      expect(widget.help.events()).toContainEqual({
        type: 'not_helpful',
        articleId: 'returns',
        query: 'return a gift',
        lang: 'en',
      }),
    )
  })

  it('keeps a draft the visitor had typed when they come back to talk', async () => {
    const { widget } = await chatWithText('my own words')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Help' }))
    const box = await widget.screen.findByRole('searchbox', { name: 'Search articles' })
    fireEvent.input(box, { target: { value: 'warranty' } })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Talk to a person' }))
    const again = await widget.screen.findByRole('textbox', { name: 'Message' })
    expect((again as HTMLTextAreaElement).value).toBe('my own words')
  })

  it('sends the visitor’s credential with the events once they have a session', async () => {
    const { widget, message } = await chatWithText('Hello')
    fireEvent.keyDown(message, { key: 'Enter' })
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    const { token } = (await widget.storage.get('session')) as { token: string }
    fireEvent.click(widget.screen.getByRole('button', { name: 'Help' }))
    fireEvent.click(await widget.screen.findByRole('button', { name: /How returns works/ }))
    await waitFor(() => expect(widget.help.events()).toHaveLength(1))
    const event = widget.help.requests.find((request) => request.path === '/api/help/events')
    expect(event?.token).toBe(token)
    // The articles themselves are read without it.
    const read = widget.help.requests.find((request) => request.path.includes('/articles/'))
    expect(read?.token).toBeUndefined()
  })

  it('an article that cannot load says so, with a way to try again', async () => {
    const widget = await openHelp()
    widget.help.state.featured = [createResult('gone')]
    fireEvent.click(widget.screen.getByRole('button', { name: 'Help' }))
    fireEvent.click(widget.screen.getByRole('button', { name: 'Help' }))
    fireEvent.click(await widget.screen.findByRole('button', { name: /How gone works/ }))
    expect((await widget.screen.findByRole('alert')).textContent).toMatch(/Could not load/)
    expect(widget.screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
