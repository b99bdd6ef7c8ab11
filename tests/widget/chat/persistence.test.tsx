import { waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, useMountedWidgets } from '../../support/mount-widget'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createBase, createEntry } from '../../support/widget-factories'
import { openChat, sendText, settle, streamText } from '../support/chat-helpers'

const track = useMountedWidgets()

describe('persistence across reloads', () => {
  it('keeps the outbox through a remount and sends it with the same id', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const offline = createFakeBackend()
    offline.respond(() => {
      throw new TypeError('Failed to fetch')
    })
    const first = await openChat({ base, storage, backend: offline })
    sendText(first, 'Written before the reload')
    await waitFor(() => expect(offline.texts()).toHaveLength(1))
    await settle()
    first.unmount()

    const backend = createFakeBackend()
    const second = track(await mountTestWidget({ base, storage, backend }))
    // The chat was open: it opens again and resends what was waiting.
    await second.screen.findByRole('dialog')
    await second.screen.findByText('Sent')
    expect(second.screen.getByText('Written before the reload')).toBeTruthy()
    expect(backend.texts()[0]?.body?.id).toBe(offline.texts()[0]?.body?.id)
    expect(backend.texts()[0]?.token).toBe('token-1')
  })

  it('shows the same conversation after a remount and resumes the stream after the last seen id', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const first = await openChat({ base, storage, backend })
    streamText(first, '41', 'First reply')
    streamText(first, '42', 'Second reply')
    await first.screen.findByText('Second reply')
    await settle()
    first.unmount()

    const second = track(await mountTestWidget({ base, storage, backend }))
    await second.screen.findByText('First reply')
    expect(second.screen.getByText('Second reply')).toBeTruthy()
    await waitFor(() => expect(second.EventSource.instances).toHaveLength(1))
    expect(second.stream().query.get('lastEventId')).toBe('42')
    expect(second.streamToken()).toBe('token-1')
    // A reply that arrived while the page was closed comes in the replay.
    streamText(second, '43', 'While you were away')
    await second.screen.findByText('While you were away')
  })

  it('reconnects with the latest id when the browser gives up on the stream', async () => {
    const widget = track(await openChat())
    widget.stream().emit('message', createEntry({ id: '7' }), '7')
    await settle()
    widget.stream().fail(true)
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(2), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect(widget.stream().query.get('lastEventId')).toBe('7')
    // The token was checked with the backend before reconnecting.
    expect(
      widget.backend.requests.some(
        (request) => request.path === '/api/session' && request.body?.token === 'token-1',
      ),
    ).toBe(true)
  })

  it('ignores unreadable stream events without breaking the stream', async () => {
    const widget = track(await openChat())
    widget.stream().emit('message', '{not json')
    widget
      .stream()
      .emit('message', { id: 'x', author: 'agent', content: { type: 'text', text: '' }, at: 1 })
    streamText(widget, '9', 'Still works')
    await widget.screen.findByText('Still works')
  })

  it('loads the chat at start for a returning visitor so replies raise the badge', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 'token-9', contact: {} })
    const widget = track(await mountTestWidget({ base, storage }))
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    expect(widget.screen.queryByRole('dialog')).toBeNull()
    widget.stream().emit('message', createEntry({ id: '1' }), '1')
    await waitFor(() => expect(widget.widget.api.getUnreadCount()).toBe(1))
    expect(widget.root.querySelector('.ph-badge')?.textContent).toBe('1')
  })
})

describe('stream tickets', () => {
  it('opens the stream with a fresh ticket, never the token, and gets a new one when it expired', async () => {
    const widget = track(await openChat())
    const first = widget.stream()
    expect(first.query.get('token')).toBeNull()
    expect(first.url).not.toContain('token-1')
    expect(widget.streamToken()).toBe('token-1')
    first.open()
    widget.stream().emit('message', createEntry({ id: '5' }), '5')
    await settle()
    // The ticket expired during a drop: EventSource's retry got 401 and closed.
    first.fail(true)
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(2), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    const second = widget.stream()
    expect(second.query.get('ticket')).not.toBe(first.query.get('ticket'))
    expect(second.query.get('lastEventId')).toBe('5')
    const tickets = widget.backend.requests.filter(
      (request) => request.path === '/api/events/ticket',
    )
    expect(tickets.map((request) => request.token)).toEqual(['token-1', 'token-1'])
  })

  it('a token refused for a ticket gets a new session, and the stream opens with it', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 'expired', contact: {} })
    const backend = createFakeBackend()
    backend.revoked.add('expired')
    const widget = track(await mountTestWidget({ base, storage, backend }))
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect(widget.streamToken()).toBe('token-1')
  })
})

describe('a refused replay id', () => {
  it('is dropped after the stream is refused twice, replaying the whole conversation', async () => {
    const widget = track(await openChat())
    streamText(widget, '7', 'Kept once')
    await settle()
    widget.stream().fail(true)
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(2), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect(widget.stream().query.get('lastEventId')).toBe('7')
    widget.stream().fail(true)
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(3), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    expect(widget.stream().query.get('lastEventId')).toBeNull()
    widget.stream().open()
    streamText(widget, '7', 'Kept once')
    await settle()
    expect(widget.screen.getAllByText('Kept once')).toHaveLength(1)
  })
})
