import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { TYPING_IDLE_MS } from '../../../../widget/chat/engine/typing-sender'
import { mountTestWidget, useMountedWidgets } from '../../../support/mount-widget'
import { createEntry } from '../../../support/widget-factories'
import { openChat, sendText, settle, typeText } from '../../support/chat-helpers'

const track = useMountedWidgets()
async function open(...args: Parameters<typeof openChat>) {
  const widget = await openChat(...args)
  track(widget)
  return widget
}

describe('the chat window', () => {
  it('sends a message with Enter and shows it as sent', async () => {
    const widget = await open()
    sendText(widget, 'Hello there')
    await widget.screen.findByText('Sent')
    const [request] = widget.backend.texts()
    expect(request?.body).toMatchObject({ type: 'text', text: 'Hello there', url: location.href })
    expect(request?.body?.id).toMatch(/^[0-9a-f]{24}$/)
    expect(request?.token).toBe('token-1')
    expect(widget.screen.getByText('Hello there')).toBeTruthy()
  })

  it('adds a line on Shift+Enter instead of sending', async () => {
    const widget = await open()
    fireEvent.keyDown(typeText(widget, 'line one'), { key: 'Enter', shiftKey: true })
    await settle()
    expect(widget.backend.texts()).toHaveLength(0)
  })

  it('shows agent messages once (deduped by id) and the agent in the header', async () => {
    const widget = await open()
    const entry = createEntry({ name: 'Anna', photo: 'https://cdn.example/anna.png' })
    widget.stream().emit('message', entry, entry.id)
    widget.stream().emit('message', entry, entry.id)
    await waitFor(() => expect(widget.screen.getAllByText(/Agent reply/)).toHaveLength(1))
    const header = widget.root.querySelector('.ph-header')
    expect(header?.textContent).toContain('Anna')
    // The photo comes with the header's chunk, fetched once the window is drawn.
    await waitFor(() =>
      expect(header?.querySelector('img')?.getAttribute('src')).toBe(
        'https://cdn.example/anna.png',
      ),
    )
  })

  it('shows the own message echoed from another tab once', async () => {
    const widget = await open()
    sendText(widget, 'From this tab')
    await widget.screen.findByText('Sent')
    const [echo] = widget.backend.texts()
    widget.stream().emit(
      'message',
      createEntry({
        id: 'sent-1',
        author: 'visitor',
        clientId: String(echo?.body?.id),
        content: { type: 'text', text: 'From this tab' },
      }),
      'sent-1',
    )
    widget.stream().emit(
      'message',
      createEntry({
        id: 'other-tab',
        author: 'visitor',
        clientId: 'abc',
        content: { type: 'text', text: 'From the other tab' },
      }),
      'other-tab',
    )
    await widget.screen.findByText('From the other tab')
    expect(widget.screen.getAllByText('From this tab')).toHaveLength(1)
  })

  it('puts messages in a polite live log', async () => {
    const widget = await open()
    // A new visitor's first message replaces the home screen with the log.
    const box = widget.screen.getByRole('textbox', { name: 'Message' })
    fireEvent.input(box, { target: { value: 'Hello' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect((await widget.screen.findByRole('log')).getAttribute('aria-live')).toBe('polite')
  })

  it('closes on Escape and returns focus to the launcher', async () => {
    const widget = await open()
    fireEvent.keyDown(widget.screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' })
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    const launcher = widget.screen.getByRole('button', { name: /open chat/i })
    expect(widget.root.activeElement).toBe(launcher)
    expect(launcher.getAttribute('aria-expanded')).toBe('false')
  })

  it('hears Escape and focuses the message box as the window appears, before a frame', async () => {
    const widget = await mountTestWidget()
    track(widget)
    // A mutation observer's callback runs once the window is in the document and before any
    // frame or timer: where a visitor's key pressed as the window shows would land.
    let focused: boolean | undefined
    const observer = new MutationObserver(() => {
      const dialog = widget.root.querySelector('[role="dialog"]')
      if (!dialog || focused !== undefined) return
      focused = widget.root.activeElement === dialog.querySelector('textarea')
      fireEvent.keyDown(dialog, { key: 'Escape' })
    })
    observer.observe(widget.root, { childList: true, subtree: true })
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    await waitFor(() => expect(focused).toBe(true))
    observer.disconnect()
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
  })

  it('closes on Escape pressed on the launcher too', async () => {
    const widget = await open()
    const launcher = widget.screen.getByRole('button', { name: /close chat/i, expanded: true })
    fireEvent.keyDown(launcher, { key: 'Escape' })
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
  })

  it('focuses the message box when the chat opens', async () => {
    const widget = await open()
    await waitFor(() =>
      expect(widget.root.activeElement).toBe(
        widget.screen.getByRole('textbox', { name: 'Message' }),
      ),
    )
  })
})

describe('the page URL', () => {
  it('follows client-side navigation of a single-page app', async () => {
    const widget = await open()
    history.pushState(null, '', '/checkout/step-2')
    sendText(widget, 'Stuck at payment')
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    expect(widget.backend.texts()[0]?.body?.url).toBe(`${location.origin}/checkout/step-2`)
    history.pushState(null, '', '/')
  })
})

describe('long messages', () => {
  it('counts to 1000, says how many messages the backend will make, and sends the text whole', async () => {
    const widget = await open()
    typeText(widget, 'x'.repeat(999))
    expect(widget.screen.getByText('999/1000')).toBeTruthy()
    const words = Array.from({ length: 500 }, (_, index) => `word${index}`).join(' ')
    typeText(widget, words)
    // splitText of shared/text.ts (the backend's rule) makes 4 parts of this text.
    expect(widget.screen.getByText(/will be sent as 4 messages/)).toBeTruthy()
    fireEvent.keyDown(widget.screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' })
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    expect(widget.backend.texts()[0]?.body?.text).toBe(words)
  })

  it('refuses more than 20,000 characters: the counter says so and nothing is sent', async () => {
    const widget = await open()
    const input = typeText(widget, 'y'.repeat(20_001))
    expect(widget.screen.getByText('20001/20000')).toBeTruthy()
    expect(
      (widget.screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    fireEvent.keyDown(input, { key: 'Enter' })
    await settle()
    expect(widget.backend.texts()).toHaveLength(0)
    await expect(widget.widget.api.sendMessage('z'.repeat(20_001))).rejects.toThrow(
      /at most 20000 characters/,
    )
  })
})

describe('agent typing', () => {
  it('shows on typein and hides on typeout or on a message', async () => {
    const widget = await open()
    widget.stream().emit('typing', { typing: true, name: 'Anna' })
    await widget.screen.findByText('Anna is typing…')
    widget.stream().emit('typing', { typing: false })
    await waitFor(() => expect(widget.screen.queryByText(/is typing/)).toBeNull())
    widget.stream().emit('typing', { typing: true })
    await widget.screen.findByText('Agent is typing…')
    widget.stream().emit('message', createEntry(), 'e1')
    await waitFor(() => expect(widget.screen.queryByText(/is typing/)).toBeNull())
  })
})

describe('the customer typing', () => {
  const BEFORE_IDLE_MS = TYPING_IDLE_MS - 500

  it('sends typein when typing starts and typeout on send', async () => {
    const widget = await open()
    typeText(widget, 'H')
    typeText(widget, 'He')
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein']))
    fireEvent.keyDown(widget.screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' })
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein', 'typeout']))
  })

  it('sends typeout, made to outlive the page, when the tab is closed mid-word', async () => {
    const widget = await open()
    typeText(widget, 'Hel')
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein']))
    window.dispatchEvent(new Event('pagehide'))
    // Sooner than the 3 s idle timer, which would send it anyway.
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein', 'typeout']), {
      timeout: BEFORE_IDLE_MS,
    })
    const typeout = widget.backend.requests.findLast((request) => request.body?.type === 'typeout')
    expect(typeout?.keepalive).toBe(true)
  })

  it('sends typeout when the tab is hidden mid-word', async () => {
    const widget = await open()
    typeText(widget, 'Hel')
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein']))
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    visibility.mockRestore()
    await waitFor(() => expect(widget.backend.typing()).toEqual(['typein', 'typeout']), {
      timeout: BEFORE_IDLE_MS,
    })
  })
})
