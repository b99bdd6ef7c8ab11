import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { MaskingContext } from '../../../../widget/chat/masking/mask-text'
import { createMasking } from '../../../../widget/chat/masking/masking'
import { createDraft } from '../../../../widget/chat/window/draft'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { createEntry } from '../../../support/widget-factories'
import { openChat, sendText, settle, typeText } from '../../support/chat-helpers'

/** The draft's masking: nothing to fetch (no text in these tests holds 12 digits). */
const createMaskingContext = (): MaskingContext => ({ settings: { lang: 'en' } }) as MaskingContext

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function open(options: Parameters<typeof openChat>[0] = {}): Promise<TestWidget> {
  const widget = await openChat(options)
  widgets.push(widget)
  return widget
}
const messageBox = (widget: TestWidget) =>
  widget.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement

describe('an agent going offline mid-chat (issue 17 #1)', () => {
  it('keeps the composer and the draft of a conversation in progress', async () => {
    const widget = await open()
    widget.stream().emit('message', createEntry({ content: { type: 'text', text: 'Hello!' } }), '1')
    await widget.screen.findByText('Hello!')
    typeText(widget, 'I would like to ask about')
    widget.stream().emit('status', { online: false })
    await settle(20)
    // Still the composer (a textarea, no contact form), with the draft in it.
    expect(widget.screen.queryByLabelText(/^Email/)).toBeNull()
    expect(messageBox(widget).tagName).toBe('TEXTAREA')
    expect(messageBox(widget).value).toBe('I would like to ask about')
    // And it still sends: the message goes to the outbox as always.
    sendText(widget, 'my order')
    await waitFor(() => expect(widget.backend.texts().at(-1)?.body?.text).toBe('my order'))
    expect(messageBox(widget).value).toBe('')
  })

  it('a message still in the outbox counts as a conversation in progress', async () => {
    const backend = createFakeBackend()
    const widget = await open({ backend })
    sendText(widget, 'first words')
    widget.stream().emit('status', { online: false })
    await settle(20)
    expect(widget.screen.queryByLabelText(/^Email/)).toBeNull()
  })

  it('with nothing said yet, the offline form starts the conversation and takes the draft', async () => {
    const widget = await open()
    typeText(widget, 'Are you there?')
    widget.stream().emit('status', { online: false })
    await widget.screen.findByLabelText(/^Email/)
    expect(messageBox(widget).value).toBe('Are you there?')
  })
})

describe('the offline form, sent (issue 24 #1)', () => {
  it('leaves an empty message box behind, with Send disabled', async () => {
    const widget = await open({ backend: createFakeBackend({ online: false }) })
    await widget.screen.findByLabelText(/^Email/)
    fireEvent.input(widget.screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'jo@example.com' },
    })
    typeText(widget, 'Do you ship to Norway?')
    fireEvent.submit(messageBox(widget).closest('form') as HTMLFormElement)
    await waitFor(() =>
      expect(widget.backend.texts().at(-1)?.body?.text).toBe('Do you ship to Norway?'),
    )
    await waitFor(() => expect(widget.screen.queryByLabelText(/^Email/)).toBeNull())
    expect(messageBox(widget).value).toBe('')
    expect(widget.screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true)
  })
})

describe('the draft is never lost', () => {
  it('survives closing and reopening the window', async () => {
    const widget = await open()
    typeText(widget, 'half a thought')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Close chat' }))
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    await widget.screen.findByRole('dialog')
    expect(messageBox(widget).value).toBe('half a thought')
  })

  it('survives a reload (same storage), and is gone once sent', async () => {
    const storage = createMemoryStore()
    const first = await open({ storage })
    typeText(first, 'typed before the reload')
    await settle(20)
    first.unmount()
    widgets.splice(0)
    // The chat was open: it opens again by itself after the reload.
    const second = await mountTestWidget({ storage })
    widgets.push(second)
    await second.screen.findByRole('dialog')
    await waitFor(() => expect(messageBox(second).value).toBe('typed before the reload'))
    sendText(second, 'typed before the reload')
    await settle(20)
    expect(await storage.get('draft')).toBeUndefined()
    second.unmount()
    widgets.splice(0)
    const third = await mountTestWidget({ storage })
    widgets.push(third)
    await third.screen.findByRole('dialog')
    await settle(20)
    expect(messageBox(third).value).toBe('')
  })

  it('a change made elsewhere shows in the mounted message box (clearHistory() empties it)', async () => {
    const widget = await open()
    typeText(widget, 'typed before the clear')
    // The page API sets the draft, not the box (as a signed-out device's engine does).
    await widget.widget.api.clearHistory()
    await waitFor(() => expect(messageBox(widget).value).toBe(''))
    expect(widget.screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true)
  })

  it('tells its watcher the text, the stored one once read and every change; a new watcher replaces it', async () => {
    const storage = createMemoryStore()
    await storage.set('draft', 'stored')
    const draft = createDraft(storage, createMasking(createMaskingContext()))
    const seen: string[] = []
    draft.watch((text) => seen.push(text))
    await draft.loaded()
    draft.set('a')
    draft.set('a')
    draft.set('')
    const next: string[] = []
    draft.watch((text) => next.push(text))
    draft.set('b')
    expect(seen).toEqual(['', 'stored', 'a', ''])
    expect(next).toEqual(['', 'b'])
  })

  it('what is typed before the stored draft is read wins', async () => {
    const storage = createMemoryStore()
    await storage.set('draft', 'old')
    const draft = createDraft(storage, createMasking(createMaskingContext()))
    draft.set('new')
    expect(await draft.loaded()).toBe('new')
    expect(await storage.get('draft')).toBe('new')
  })
})
