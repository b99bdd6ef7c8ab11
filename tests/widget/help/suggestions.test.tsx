import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { createResult, mountHelpWidget } from '../support/fake-help'

type Widget = Awaited<ReturnType<typeof mountHelpWidget>>
const widgets: Widget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

async function chatWithHelp() {
  const widget = await mountHelpWidget()
  widgets.push(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  const box = (await widget.screen.findByRole('textbox', {
    name: 'Message',
  })) as HTMLTextAreaElement
  const type = (text: string) => fireEvent.input(box, { target: { value: text } })
  return { widget, box, type }
}
const suggestion = (widget: Widget, title: RegExp) =>
  widget.screen.findByRole('button', { name: title })
/** Lets the suggestions' pause and a search pass, to show that nothing came of them. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 700))

describe('suggestions while the visitor types', () => {
  it('show the confident match and two more above the message box, counted once per text', async () => {
    const { widget, type } = await chatWithHelp()
    type('how do I return my order')
    expect(await widget.screen.findByText('Articles that may answer this')).toBeTruthy()
    const titles = widget.screen
      .getAllByRole('button', { name: /^How / })
      .map((button) => button.querySelector('b')?.textContent)
    expect(titles).toEqual(['How returns works', 'How refunds works', 'How exchanges works'])
    expect(widget.help.searches()[0]?.query.get('limit')).toBe('3')
    await waitFor(() =>
      expect(widget.help.events()).toEqual([
        { type: 'suggestions_shown', query: 'how do I return my order', articleId: 'returns' },
      ]),
    )
    // Away and back to the same text: not counted again.
    type('how do I return my')
    type('how do I return my order')
    await pause()
    expect(widget.help.events()).toHaveLength(1)
  })

  it('show nothing when the backend is not confident, and ask nothing under three words', async () => {
    const { widget, type } = await chatWithHelp()
    type('hello there')
    await pause()
    expect(widget.help.searches()).toEqual([])
    widget.help.state.search = () => ({ results: [createResult('returns')], confident: false })
    type('hello there, anyone around')
    await waitFor(() => expect(widget.help.searches()).toHaveLength(1))
    await pause()
    expect(widget.screen.queryByText('Articles that may answer this')).toBeNull()
    expect(widget.help.events()).toEqual([])
  })

  it('open the article inside the chat at a click; "Yes" is counted', async () => {
    const { widget, type } = await chatWithHelp()
    type('how do I return my order')
    fireEvent.click(await suggestion(widget, /How returns works/))
    expect(await widget.screen.findByRole('heading', { name: 'How returns works' })).toBeTruthy()
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Yes' }))
    await waitFor(() =>
      expect(widget.help.events()).toContainEqual({
        type: 'helpful',
        articleId: 'returns',
        query: 'how do I return my order',
      }),
    )
    // Back to the conversation: the text typed is still in the message box.
    fireEvent.keyDown(widget.screen.getByRole('heading', { name: 'How returns works' }), {
      key: 'Escape',
    })
    fireEvent.keyDown(await widget.screen.findByRole('heading', { name: 'Help' }), {
      key: 'Escape',
    })
    const box = (await widget.screen.findByRole('textbox', {
      name: 'Message',
    })) as HTMLTextAreaElement
    expect(box.value).toBe('how do I return my order')
  })

  it('never stand between the visitor and sending: Enter sends at once, once, and they go', async () => {
    const { widget, box, type } = await chatWithHelp()
    type('how do I return my order')
    await suggestion(widget, /How returns works/)
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    expect(widget.backend.texts()[0]?.body?.text).toBe('how do I return my order')
    expect(widget.screen.queryByText('Articles that may answer this')).toBeNull()
  })

  it('hide at Escape, and the window stays open until the next Escape', async () => {
    const { widget, box, type } = await chatWithHelp()
    type('how do I return my order')
    await suggestion(widget, /How returns works/)
    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() =>
      expect(widget.screen.queryByText('Articles that may answer this')).toBeNull(),
    )
    expect(widget.screen.getByRole('dialog')).toBeTruthy()
    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
  })

  it('a failed search shows nothing and sending still works', async () => {
    const { widget, box, type } = await chatWithHelp()
    widget.help.state.search = () => {
      throw new TypeError('Failed to fetch')
    }
    type('how do I return my order')
    await waitFor(() => expect(widget.help.searches()).toHaveLength(1))
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    expect(widget.screen.queryByText('Articles that may answer this')).toBeNull()
  })
})
