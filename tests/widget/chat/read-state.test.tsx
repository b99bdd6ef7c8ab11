import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../shared/widget-api'
import { READ_DELAY_MS } from '../../../widget/chat/engine/read-sync'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createEntry } from '../../support/widget-factories'
import { openChat, settle } from '../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  setHidden(false)
  for (const widget of widgets.splice(0)) widget.unmount()
})

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

function entries(from: number, count: number): ConversationEntry[] {
  return Array.from({ length: count }, (_, index) =>
    createEntry({ id: String(from + index), at: 1_700_000_000_000 + (from + index) * 1000 }),
  )
}

/** A logged-in customer on a device that has never shown the chat (closed). */
async function secondDevice() {
  const storage = createMemoryStore()
  await storage.set('session', { visitorId: 'user-u1', token: 'user-u1', contact: {} })
  const widget = await mountTestWidget({ storage })
  widgets.push(widget)
  await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
  const received: unknown[] = []
  widget.widget.api.on('message', (entry) => received.push(entry))
  return { widget, received }
}

const readCalls = (widget: TestWidget) =>
  widget.backend.requests.filter((request) => request.path === '/api/read')

describe('read state shared by every device', () => {
  it('a second device counts no old history as unread, does not chime, but counts a live reply', async () => {
    const { widget, received } = await secondDevice()
    document.title = 'Shop'
    setHidden(true)
    widget.stream().open()
    widget.stream().emit('read', { upTo: '400' })
    for (const entry of entries(201, 200)) widget.stream().emit('message', entry, entry.id)
    await settle(30)
    expect(widget.widget.api.getUnreadCount()).toBe(0)
    expect(received).toEqual([])
    expect(document.title).toBe('Shop')

    const [live] = entries(401, 1)
    widget.stream().emit('message', live, '401')
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(1))
    expect(received).toEqual([live])
    expect(document.title).toBe('(1) New message · Shop')
  })

  it('replies that arrived while away (after the marker) are unread and notify once', async () => {
    const { widget, received } = await secondDevice()
    widget.stream().emit('read', { upTo: '10' })
    for (const entry of entries(1, 13)) widget.stream().emit('message', entry, entry.id)
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(3))
    expect(received).toHaveLength(3)
  })

  it('seeing the chat posts the newest id (once, after a short delay) and the marker clears the badge', async () => {
    const { widget } = await secondDevice()
    for (const entry of entries(1, 5)) widget.stream().emit('message', entry, entry.id)
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(5))
    expect(readCalls(widget)).toHaveLength(0)
    widget.widget.api.open()
    await widget.screen.findByRole('dialog')
    expect(widget.widget.api.getUnreadCount()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, READ_DELAY_MS + 100))
    expect(readCalls(widget).map((call) => call.body)).toEqual([{ upTo: '5' }])
    expect(readCalls(widget)[0]?.token).toBe('user-u1')
    // Closed again: nothing new is unread, the marker is in force.
    widget.widget.api.close()
    await settle()
    expect(widget.widget.api.getUnreadCount()).toBe(0)
  })

  it('a hidden tab does not mark anything read', async () => {
    const widget = await openChat()
    widgets.push(widget)
    setHidden(true)
    widget.stream().emit('message', createEntry({ id: '1' }), '1')
    await new Promise((resolve) => setTimeout(resolve, READ_DELAY_MS + 100))
    expect(readCalls(widget)).toHaveLength(0)
    expect(widget.widget.api.getUnreadCount()).toBe(1)
    setHidden(false)
    await waitFor(() => expect(readCalls(widget)).toHaveLength(1))
  })

  it('another device reading clears the badge here', async () => {
    const { widget } = await secondDevice()
    for (const entry of entries(1, 2)) widget.stream().emit('message', entry, entry.id)
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(2))
    widget.stream().emit('read', { upTo: '2' })
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(0))
    expect(widget.root.querySelector<HTMLElement>('.ph-badge')?.hidden).toBe(true)
    // The launcher opens the chat as usual.
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    await widget.screen.findByRole('dialog')
  })
})
