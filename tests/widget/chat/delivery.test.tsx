import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createEntry } from '../../support/widget-factories'
import { openChat, sendText, settle } from '../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function open(...args: Parameters<typeof openChat>) {
  const widget = await openChat(...args)
  widgets.push(widget)
  return widget
}

/** The backend's 202 to a posted text: the visitor's entry as `id`, its delivery `delivery`. */
function acceptedAs(id: string, delivery: string, request: { body?: Record<string, unknown> }) {
  const entry = createEntry({
    id,
    author: 'visitor',
    clientId: String(request.body?.id),
    content: { type: 'text', text: String(request.body?.text) },
  })
  return json({ entries: [entry], delivery }, 202)
}

const pendingAnswer = (request: { body?: Record<string, unknown> }) =>
  acceptedAs('p1', 'pending', request)

describe('delivery states', () => {
  it('shows sending while the backend retries, then sent on the delivery event', async () => {
    const widget = await open()
    widget.backend.respond(pendingAnswer)
    sendText(widget, 'Are you there?')
    await widget.screen.findByText('Sending…')
    const clientId = String(widget.backend.texts()[0]?.body?.id)
    widget.stream().emit('delivery', { clientId, state: 'sent' })
    await widget.screen.findByText('Sent')
  })

  it('shows failed with the reason and retries under a new id', async () => {
    const widget = await open()
    widget.backend.respond(pendingAnswer)
    sendText(widget, 'Are you there?')
    await widget.screen.findByText('Sending…')
    const clientId = String(widget.backend.texts()[0]?.body?.id)
    widget.stream().emit('delivery', { clientId, state: 'failed', error: 'service unavailable' })
    await widget.screen.findByText(/Not sent: service unavailable/)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Retry' }))
    await widget.screen.findByText('Sent')
    const retried = widget.backend.texts()[1]
    expect(retried?.body?.text).toBe('Are you there?')
    expect(retried?.body?.id).not.toBe(clientId)
    expect(widget.screen.getAllByText('Are you there?')).toHaveLength(1)
  })

  it('tells the page of a failed delivery once, not again at every reconnect', async () => {
    const widget = await open()
    const errors: unknown[] = []
    widget.widget.api.on('error', (error) => errors.push(error))
    widget.backend.respond(pendingAnswer)
    sendText(widget, 'Are you there?')
    await widget.screen.findByText('Sending…')
    const clientId = String(widget.backend.texts()[0]?.body?.id)
    const failed = { clientId, state: 'failed', error: 'service unavailable' }
    widget.stream().emit('delivery', failed)
    await widget.screen.findByText(/Not sent: service unavailable/)
    // The stream reopens and repeats the state of each unsent message.
    widget.stream().emit('delivery', failed)
    widget.stream().emit('delivery', failed)
    await settle()
    expect(errors).toEqual([{ code: 'delivery_failed', message: 'service unavailable' }])
  })

  it('shows a refused message as failed with the service text, and retry sends it again', async () => {
    const widget = await open()
    const errors: unknown[] = []
    widget.widget.api.on('error', (error) => errors.push(error))
    widget.backend.respond(() =>
      json({ error: { code: 'rejected', message: 'Chat was removed from the site' } }, 422),
    )
    sendText(widget, 'Hi')
    await widget.screen.findByText(/Not sent: Chat was removed from the site/)
    expect(errors).toEqual([{ code: 'rejected', message: 'Chat was removed from the site' }])
    fireEvent.click(widget.screen.getByRole('button', { name: 'Retry' }))
    await widget.screen.findByText('Sent')
    const [first, second] = widget.backend.texts()
    expect(second?.body?.id).not.toBe(first?.body?.id)
  })

  it('keeps a message queued through a network failure and sends it when the connection returns', async () => {
    const widget = await open()
    widget.backend.respond(() => {
      throw new TypeError('Failed to fetch')
    })
    sendText(widget, 'Typed offline')
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    await settle()
    expect(widget.screen.getByText('Sending…')).toBeTruthy()
    await waitFor(async () =>
      expect(await widget.storage.get('outbox')).toMatchObject([{ text: 'Typed offline' }]),
    )
    window.dispatchEvent(new Event('online'))
    await widget.screen.findByText('Sent')
    const [first, second] = widget.backend.texts()
    expect(second?.body?.id).toBe(first?.body?.id)
    await waitFor(async () => expect(await widget.storage.get('outbox')).toEqual([]))
  })

  it('waits for Retry-After on 429 before sending again', async () => {
    const widget = await open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    widget.backend.respond(() =>
      json({ error: { code: 'rate_limited', message: 'Slow down' } }, 429, { 'retry-after': '5' }),
    )
    sendText(widget, 'Quick')
    await vi.advanceTimersByTimeAsync(4000)
    expect(widget.backend.texts()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1500)
    expect(widget.backend.texts()).toHaveLength(2)
    vi.useRealTimers()
    await widget.screen.findByText('Sent')
  })

  it('renews the stored token after a 401 and keeps the conversation', async () => {
    const widget = await open()
    widget.stream().emit(
      'message',
      createEntry({
        id: 'a1',
        author: 'agent',
        content: { type: 'text', text: 'Hi, I am Anna' },
      }),
      'a1',
    )
    await widget.screen.findByText('Hi, I am Anna')
    // Refused once (say an instance whose clock disagrees), renewable all the same.
    widget.backend.respond(() =>
      json({ error: { code: 'invalid_token', message: 'The visitor token is not valid' } }, 401),
    )
    sendText(widget, 'Still here')
    await widget.screen.findByText('Sent')
    const [refused, accepted] = widget.backend.texts()
    expect(refused?.token).toBe('token-1')
    expect(accepted?.token).toBe('token-1')
    expect(accepted?.body?.id).toBe(refused?.body?.id)
    const sessions = widget.backend.requests.filter((request) => request.path === '/api/session')
    expect(sessions.map((request) => request.body)).toEqual([{}, { token: 'token-1' }])
    expect(widget.backend.state.visitors).toBe(1)
    expect(widget.screen.getByText('Hi, I am Anna')).toBeTruthy()
    expect(await widget.storage.get('session')).toMatchObject({ visitorId: 'visitor-token-1' })
  })

  it('starts a new session only when the backend refuses the stored token too (revoked)', async () => {
    const widget = await open()
    widget.backend.revoked.add('token-1')
    sendText(widget, 'After expiry')
    await widget.screen.findByText('Sent')
    const [refused, accepted] = widget.backend.texts()
    expect(refused?.token).toBe('token-1')
    expect(accepted?.token).toBe('token-2')
    expect(accepted?.body?.id).toBe(refused?.body?.id)
    await waitFor(() => expect(widget.streamToken()).toBe('token-2'))
  })

  it('shows a delayed message with "Send now", which posts the same id again', async () => {
    const widget = await open()
    widget.backend.respond((request) => acceptedAs('d1', 'delayed', request))
    sendText(widget, 'Where is my order?')
    await widget.screen.findByText('Delayed — will be sent')
    const clientId = String(widget.backend.texts()[0]?.body?.id)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send now' }))
    await widget.screen.findByText('Sent')
    const [first, again] = widget.backend.texts()
    expect(again?.body?.id).toBe(clientId)
    expect(again?.body?.text).toBe(first?.body?.text)
    // One bubble throughout.
    expect(widget.screen.getAllByText('Where is my order?')).toHaveLength(1)
  })

  it('follows the backend from pending to delayed to sent, and shows the state in every tab', async () => {
    const widget = await open()
    const other = await mountTestWidget({
      base: widget.widget.context.base,
      storage: widget.storage,
      backend: widget.backend,
    })
    widgets.push(other)
    await waitFor(() => expect(other.EventSource.instances.length).toBeGreaterThan(0))
    widget.backend.respond(pendingAnswer)
    sendText(widget, 'Hello?')
    await widget.screen.findByText('Sending…')
    const clientId = String(widget.backend.texts()[0]?.body?.id)
    other.widget.api.open()
    await other.screen.findByText('Hello?')
    await other.screen.findByText('Sending…')
    widget.stream().emit('delivery', { clientId, state: 'delayed' })
    await widget.screen.findByText('Delayed — will be sent')
    await other.screen.findByText('Delayed — will be sent')
    widget.stream().emit('delivery', { clientId, state: 'sent' })
    await widget.screen.findByText('Sent')
    await other.screen.findByText('Sent')
  })

  it('emits "sent" with the stored entry', async () => {
    const widget = await open()
    const sent: unknown[] = []
    widget.widget.api.on('sent', (entry) => sent.push(entry))
    sendText(widget, 'Track me')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      author: 'visitor',
      content: { type: 'text', text: 'Track me' },
    })
  })
})
