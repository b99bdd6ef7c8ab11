import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TestWidget } from '../../../support/mount-widget'
import { createEntry } from '../../../support/widget-factories'
import { openChat, settle } from '../../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  vi.useRealTimers()
  setHidden(false)
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function open() {
  const widget = await openChat()
  widgets.push(widget)
  return widget
}

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('unread replies', () => {
  it('counts replies while the chat is closed, shows a badge and resets on open', async () => {
    const widget = await open()
    const counts: number[] = []
    widget.widget.api.on('unread', ({ count }) => counts.push(count))
    widget.widget.api.close()
    widget.stream().emit('message', createEntry({ id: '1' }), '1')
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(1))
    widget.stream().emit('message', createEntry({ id: '2' }), '2')
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(2))
    const launcher = widget.screen.getByRole('button', { name: /open chat/i })
    expect(launcher.getAttribute('aria-label')).toContain('Unread messages: 2')
    expect(widget.root.querySelector('.ph-badge')?.textContent).toBe('2')
    expect(await widget.storage.get('unread')).toBe(2)
    fireEvent.click(launcher)
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(0))
    expect(counts).toEqual([1, 2, 0])
    expect((widget.root.querySelector('.ph-badge') as HTMLElement).hidden).toBe(true)
  })

  it('does not count replies the customer is looking at', async () => {
    const widget = await open()
    widget.stream().emit('message', createEntry({ id: '1' }), '1')
    await settle()
    expect(widget.widget.api.getUnreadCount()).toBe(0)
  })

  it('emits "message" for every reply', async () => {
    const widget = await open()
    const received: unknown[] = []
    widget.widget.api.on('message', (entry) => received.push(entry))
    const entry = createEntry({ id: '5' })
    widget.stream().emit('message', entry, '5')
    await waitFor(() => expect(received).toEqual([entry]))
  })

  it('shows new replies in a hidden tab title and restores it when the tab is back', async () => {
    const widget = await open()
    document.title = 'Shop'
    setHidden(true)
    widget.stream().emit('message', createEntry({ id: '1' }), '1')
    await waitFor(() => expect(document.title).toBe('(1) New message · Shop'))
    widget.stream().emit('message', createEntry({ id: '2' }), '2')
    await waitFor(() => expect(document.title).toBe('(2) New message · Shop'))
    expect(widget.widget.api.getUnreadCount()).toBe(2)
    setHidden(false)
    expect(document.title).toBe('Shop')
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(0))
  })
})

describe('agent typing timeout', () => {
  it('hides "typing" after 30 s without news', async () => {
    const widget = await open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    widget.stream().emit('typing', { typing: true, name: 'Anna' })
    await vi.advanceTimersByTimeAsync(0)
    expect(widget.screen.getByText('Anna is typing…')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(29_000)
    expect(widget.screen.queryByText('Anna is typing…')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(1_500)
    expect(widget.screen.queryByText('Anna is typing…')).toBeNull()
  })
})

describe('status from the stream', () => {
  it('switches the header and launcher to offline on a status event', async () => {
    const widget = await open()
    const statuses: boolean[] = []
    widget.widget.api.on('status', ({ online }) => statuses.push(online))
    widget.stream().emit('status', { online: false })
    await widget.screen.findByText(/We are away right now/)
    expect(statuses).toEqual([false])
    expect(widget.root.querySelector('.ph-launcher')?.classList.contains('ph-offline')).toBe(true)
  })
})
