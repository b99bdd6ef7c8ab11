import { fireEvent, waitFor, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createEndEntry, createEntry } from '../../support/widget-factories'
import { openChat, sendText, settle } from '../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
  vi.restoreAllMocks()
})
async function chat(online = true, config = {}) {
  const widget = await openChat({ backend: createFakeBackend({ online, config }) })
  widgets.push(widget)
  return widget
}
const subtitle = (widget: TestWidget) => widget.root.querySelector('.ph-subtitle')?.textContent

describe('chat ended', () => {
  it('shows "This conversation has ended" as a separator, emits conversationEnded once, and rings no bell', async () => {
    const widget = await chat()
    const ended = vi.fn()
    const messages = vi.fn()
    widget.widget.api.on('conversationEnded', ended)
    widget.widget.api.on('message', messages)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Close chat' }))
    const stream = widget.stream()
    stream.open()
    stream.emit('message', createEntry({ id: '1' }), '1')
    stream.emit('message', createEndEntry('2'), '2')
    await waitFor(() => expect(ended).toHaveBeenCalledWith({ reason: 'closed' }))
    // The end is not a reply: one unread (the agent's), one message event.
    expect(widget.widget.api.getUnreadCount()).toBe(1)
    expect(messages).toHaveBeenCalledTimes(1)
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    // It ended while the window was closed: the home screen offers it; a tap shows it.
    fireEvent.click(await widget.screen.findByRole('button', { name: /Your last conversation/ }))
    const separator = await widget.screen.findByText('This conversation has ended')
    expect(separator.className).toBe('ph-notice')
    // The same entry again (a replay) changes nothing.
    stream.emit('message', createEntry({ id: '2', author: 'system', ended: 'closed' }), '2')
    await settle(20)
    expect(ended).toHaveBeenCalledTimes(1)
    // The next message starts below the separator.
    sendText(widget, 'Hello again')
    await widget.screen.findByText('Hello again')
    const texts = [...widget.root.querySelectorAll('.ph-log > *')].map((node) => node.textContent)
    expect(texts.findIndex((text) => text?.includes('Hello again'))).toBeGreaterThan(
      texts.indexOf('This conversation has ended'),
    )
  })

  it('says it in Russian', async () => {
    const widget = await mountTestWidget({ backend: createFakeBackend({ config: { lang: 'ru' } }) })
    widgets.push(widget)
    widget.widget.api.open()
    // The conversation starts with the visitor's first key.
    // The chat's own message box (the loader's frame may still show one at a new visitor's open).
    const dialog = await widget.screen.findByRole('dialog')
    fireEvent.keyDown(await within(dialog).findByRole('textbox', { name: /./ }), { key: 'Shift' })
    await waitFor(() => expect(widget.EventSource.instances.length).toBeGreaterThan(0))
    widget.stream().open()
    widget.stream().emit('message', createEntry({ id: '1', author: 'system', ended: 'idle' }), '1')
    await widget.screen.findByText('Разговор завершён')
  })
})

describe('the greeting by state', () => {
  it('online: the site greeting; offline: only the offline text, never "a person is never far away"', async () => {
    const config = { greeting: 'A person is never far away.', offlineText: 'We are away.' }
    const online = await chat(true, config)
    await online.screen.findByText('A person is never far away.')
    expect(online.screen.queryByText('We are away.')).toBeNull()
    const offline = await chat(false, config)
    await offline.screen.findByText('We are away.')
    expect(offline.screen.queryByText('A person is never far away.')).toBeNull()
  })
})

describe('the connection in the header', () => {
  it('"Connecting…" while the stream is down past the grace period; "Online" once it is back', async () => {
    const widget = await chat()
    widget.stream().open()
    await waitFor(() => expect(subtitle(widget)).toBe('Online'))
    widget.stream().fail()
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect(subtitle(widget)).toBe('Connecting…')
    widget.stream().open()
    await waitFor(() => expect(subtitle(widget)).toBe('Online'))
  })

  it('"Offline" in the header and "messages will be sent when you are back" under the message box while the browser is offline', async () => {
    const widget = await chat()
    widget.stream().open()
    await waitFor(() => expect(subtitle(widget)).toBe('Online'))
    const notice = () =>
      [...widget.root.querySelectorAll('.ph-notice')].map((note) => note.textContent)
    expect(notice()).toEqual([])
    let online = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    window.dispatchEvent(new Event('offline'))
    await waitFor(() => expect(subtitle(widget)).toBe('Offline'), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect(notice()).toEqual(['Offline — messages will be sent when you are back'])
    online = true
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(subtitle(widget)).toBe('Online'))
    expect(notice()).toEqual([])
  })
})
