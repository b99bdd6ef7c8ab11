import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { createFakeBackend, VALID_HASH } from '../../support/fake-fetch'
import { mountTestWidget, useMountedWidgets } from '../../support/mount-widget'
import { createEntry } from '../../support/widget-factories'
import { openChat, secondTab, sendText, settle, streamText } from '../support/chat-helpers'

const track = useMountedWidgets()
/** A visitor's message held on its way while the page calls clearHistory(). */
async function clearedWhileSending(text: string) {
  const backend = createFakeBackend()
  const held = backend.hold()
  const widget = track(await openChat({ backend }))
  widget.stream().open()
  sendText(widget, text)
  await waitFor(() => expect(backend.texts()).toHaveLength(1))
  await widget.widget.api.clearHistory()
  return { widget, backend, held }
}

describe('offline', () => {
  it('shows the offline text and takes a message with name and email', async () => {
    const backend = createFakeBackend({ online: false, config: { offlineText: 'Back at 9am.' } })
    const widget = track(await openChat({ backend }))
    await widget.screen.findByText('Back at 9am.')
    // By accessible name: the required marker (" *") is hidden from it.
    const field = (name: string) => widget.screen.getByRole('textbox', { name }) as HTMLInputElement
    fireEvent.input(field('Name'), { target: { value: 'Jo' } })
    fireEvent.input(widget.screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Call me' },
    })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Please give an email or a phone number so we can answer you.')
    expect(backend.texts()).toHaveLength(0)
    // A malformed e-mail or phone is an inline error, and nothing is sent.
    fireEvent.input(field('Email'), { target: { value: 'nope' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Please check the email address (like name@example.com).')
    fireEvent.input(field('Email'), { target: { value: 'jo@example.com' } })
    fireEvent.input(field('Phone'), { target: { value: 'evenings' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Please check the phone number: digits, spaces, +, -, ( and ).')
    expect(backend.texts()).toHaveLength(0)
    expect(backend.requests.some((request) => request.body?.contact)).toBe(false)
    fireEvent.input(field('Phone'), { target: { value: '' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Sent')
    const contactRequest = backend.requests.find(
      (request) => request.path === '/api/session' && request.body?.contact,
    )
    expect(contactRequest?.body).toEqual({
      token: 'token-1',
      contact: { name: 'Jo', email: 'jo@example.com' },
    })
    expect(backend.texts()[0]?.body?.text).toBe('Call me')
    // With a contact given, the normal composer is back.
    expect(widget.screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA')
  })
})

describe('the JS API of the chat', () => {
  it('setContact sends the profile; a bad one is refused with a clear error', async () => {
    const widget = track(await mountTestWidget())
    await widget.widget.api.setContact({ name: 'Ann', phone: '+1 (555) 010-0100' })
    const request = widget.backend.requests.find((candidate) => candidate.body?.contact)
    expect(request?.body?.contact).toEqual({ name: 'Ann', phone: '+1 (555) 010-0100' })
    await expect(widget.widget.api.setContact({ name: 42 } as never)).rejects.toThrow(
      /setContact expects/,
    )
  })

  it('setContact rejects a malformed e-mail or phone with a TypeError naming the field, sending nothing', async () => {
    const widget = track(await mountTestWidget())
    const api = widget.widget.api
    await expect(api.setContact({ email: 'nope' })).rejects.toThrow(TypeError)
    await expect(api.setContact({ name: 'Ann', email: 'nope' })).rejects.toThrow(
      'Porthole.setContact: email must be an e-mail address, not nope',
    )
    await expect(api.setContact({ phone: 'call me' })).rejects.toThrow(/setContact: phone must be/)
    expect(widget.backend.requests.some((candidate) => candidate.body?.contact)).toBe(false)
  })

  it('identify verifies the user and switches the stream to their conversation', async () => {
    const widget = track(await openChat())
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH, name: 'Ann' })
    await waitFor(() => expect(widget.streamToken()).toBe('user-u1'))
  })

  it('identify of the user already signed in on this device asks nothing again, unless a detail changed', async () => {
    const widget = track(await openChat())
    const sessions = () =>
      widget.backend.requests.filter((request) => request.body?.user !== undefined).length
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH })
    await waitFor(() => expect(widget.streamToken()).toBe('user-u1'))
    expect(sessions()).toBe(1)
    // The site's next page (or a re-render) says the same: no new session, no new stream.
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH })
    expect(sessions()).toBe(1)
    // A name the backend does not hold yet goes to it.
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH, name: 'Ann' })
    expect(sessions()).toBe(2)
  })

  it('identify keeps what the guest sees, reconnects for the newest page and merges without doubles', async () => {
    const widget = track(await openChat())
    sendText(widget, 'Guest question')
    await widget.screen.findByText('Sent')
    const guestClientId = String(widget.backend.texts()[0]?.body?.id)
    widget
      .stream()
      .emit(
        'message',
        createEntry({ id: '2', content: { type: 'text', text: 'Guest answer' }, at: 1_000 }),
        '2',
      )
    await widget.screen.findByText('Guest answer')
    const streams = widget.EventSource.instances.length
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH })
    await waitFor(() => expect(widget.EventSource.instances.length).toBe(streams + 1))
    expect(widget.streamToken()).toBe('user-u1')
    expect(widget.stream().query.get('lastEventId')).toBeNull()
    // Still shown while the user's log loads.
    expect(widget.screen.getByText('Guest question')).toBeTruthy()
    expect(widget.screen.getByText('Guest answer')).toBeTruthy()
    // The user's newest page: an older conversation, then the merged guest entries (new ids).
    const user = widget.stream()
    user.emit(
      'message',
      createEntry({ id: '90', content: { type: 'text', text: 'Last week' }, at: 500 }),
      '90',
    )
    user.emit(
      'message',
      createEntry({
        id: '91',
        author: 'visitor',
        clientId: guestClientId,
        content: { type: 'text', text: 'Guest question' },
        at: 900,
      }),
      '91',
    )
    user.emit(
      'message',
      createEntry({ id: '92', content: { type: 'text', text: 'Guest answer' }, at: 1_000 }),
      '92',
    )
    await widget.screen.findByText('Last week')
    await settle(20)
    expect(widget.screen.getAllByText('Guest question')).toHaveLength(1)
    expect(widget.screen.getAllByText('Guest answer')).toHaveLength(1)
    const texts = [...widget.root.querySelectorAll('.ph-bubble')].map(
      (bubble) => bubble.textContent,
    )
    expect(texts.slice(-3)).toEqual(['Last week', 'Guest question', 'Guest answer'])
  })

  it('identify as another user (no logout between): nothing of the previous user stays, nor goes out as the new one', async () => {
    const backend = createFakeBackend()
    const widget = track(await openChat({ backend }))
    await widget.widget.api.identify({ id: 'u1', hash: VALID_HASH })
    await waitFor(() => expect(widget.streamToken()).toBe('user-u1'))
    widget.stream().open()
    sendText(widget, 'Order 1234 for Ann')
    await widget.screen.findByText('Sent')
    // A second tab of the same browser shows the same conversation.
    const other = track(
      await mountTestWidget({ base: widget.widget.context.base, storage: widget.storage, backend }),
    )
    await waitFor(() => expect(other.EventSource.instances.length).toBeGreaterThan(0))
    const reply = createEntry({ id: '5', content: { type: 'text', text: 'Hi Ann' } })
    for (const tab of [widget, other]) tab.stream().emit('message', reply, '5')
    await other.screen.findByText('Hi Ann')
    // A second message still on its way when the account changes.
    const held = backend.hold()
    sendText(widget, 'Ann again')
    // The other tab, told of the stored outbox, may send it too: under the same id, which
    // the backend keeps once.
    const ids = () => new Set(backend.texts().map((request) => request.body?.id)).size
    await waitFor(() => expect(ids()).toBe(2))

    await widget.widget.api.identify({ id: 'u2', hash: VALID_HASH })
    await waitFor(() => expect(widget.streamToken()).toBe('user-u2'))
    expect(widget.stream().query.get('lastEventId')).toBeNull()
    for (const text of ['Order 1234 for Ann', 'Hi Ann', 'Ann again'])
      expect(widget.screen.queryByText(text)).toBeNull()
    // The other tab forgets it too, and follows the new user.
    await waitFor(() => expect(other.screen.queryByText('Hi Ann')).toBeNull())
    await waitFor(() => expect(other.streamToken()).toBe('user-u2'))
    held.accept()
    await settle(50)
    expect(widget.screen.queryByText('Ann again')).toBeNull()
    await waitFor(async () => {
      const [stored] = await widget.storage.getMany(['conversation'])
      expect(stored).toMatchObject({ ids: [] })
    })
    // Nothing was sent with the second user's credential.
    expect(new Set(backend.texts().map((request) => request.token))).toEqual(new Set(['user-u1']))
    expect(ids()).toBe(2)
  })

  it('identify with a wrong hash rejects, emits an error and keeps the guest session', async () => {
    const widget = track(await openChat())
    const errors: { code: string }[] = []
    widget.widget.api.on('error', (error) => errors.push(error))
    await expect(widget.widget.api.identify({ id: 'u1', hash: 'b'.repeat(64) })).rejects.toThrow(
      'The user hash does not match',
    )
    expect(errors[0]?.code).toBe('invalid_identity')
    sendText(widget, 'Still a guest')
    await waitFor(() => expect(widget.backend.texts()[0]?.token).toBe('token-1'))
    await expect(widget.widget.api.identify({ id: 'u1', hash: 'short' })).rejects.toThrow(
      /hex HMAC-SHA256/,
    )
  })

  it('sendMessage sends text; clearHistory forgets the conversation and starts a new visitor', async () => {
    const widget = track(await openChat())
    await widget.widget.api.sendMessage('From the site')
    await widget.screen.findByText('From the site')
    streamText(widget, '3', 'Reply')
    await widget.screen.findByText('Reply')
    await widget.widget.api.clearHistory()
    await waitFor(() => expect(widget.screen.queryByText('Reply')).toBeNull())
    expect(widget.screen.queryByText('From the site')).toBeNull()
    await waitFor(() => expect(widget.streamToken()).toBe('token-2'))
    expect(widget.stream().query.get('lastEventId')).toBeNull()
    await expect(widget.widget.api.sendMessage('   ')).rejects.toThrow(/non-empty text/)
    // The old credential was revoked on every device before it was forgotten.
    const revoke = widget.backend.requests.find((request) => request.method === 'DELETE')
    expect(revoke).toMatchObject({ path: '/api/session', token: 'token-1' })
    expect(widget.backend.revoked.has('token-1')).toBe(true)
    const stored = await widget.storage.getMany(['conversation', 'outbox', 'unread'])
    expect(stored[0]).toMatchObject({ ids: [] })
    expect(stored[1]).toEqual([])
  })

  it('clearHistory: a message still on its way does not come back into the new visitor’s log', async () => {
    const { widget, backend, held } = await clearedWhileSending('Before logout')
    await waitFor(() => expect(widget.screen.queryByText('Before logout')).toBeNull())
    // The service took it (for the visitor who left) after the history was cleared.
    held.accept()
    await settle(50)
    expect(widget.screen.queryByText('Before logout')).toBeNull()
    const [stored] = await widget.storage.getMany(['conversation'])
    expect(stored).toMatchObject({ ids: [] })
    expect(backend.texts()).toHaveLength(1)
  })

  it('clearHistory: a message on its way refused with the revoked credential is not sent again as the new visitor', async () => {
    const { widget, backend, held } = await clearedWhileSending('Not yours')
    held.refuse(401, 'session_revoked')
    await settle(100)
    expect(backend.texts()).toHaveLength(1)
    expect(widget.screen.queryByText('Not yours')).toBeNull()
    // The new visitor's own messages go as usual.
    sendText(widget, 'Mine')
    await waitFor(() => expect(backend.texts()).toHaveLength(2))
    expect(backend.texts()[1]).toMatchObject({ token: 'token-2', body: { text: 'Mine' } })
  })

  it('clearHistory forgets a credential the backend already refuses (401)', async () => {
    const widget = track(await openChat())
    await widget.widget.api.sendMessage('Hello')
    await widget.screen.findByText('Sent')
    widget.backend.revoked.add('token-1')
    await widget.widget.api.clearHistory()
    await waitFor(() => expect(widget.screen.queryByText('Hello')).toBeNull())
    await waitFor(() => expect(widget.streamToken()).toBe('token-2'))
  })

  it('clearHistory keeps everything when the credential could not be revoked (no network)', async () => {
    const widget = track(await openChat())
    await widget.widget.api.sendMessage('Keep me')
    await widget.screen.findByText('Sent')
    const fetch = widget.backend.fetch
    widget.widget.context.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') throw new TypeError('Failed to fetch')
      return fetch(input, init)
    }) as typeof fetch
    await expect(widget.widget.api.clearHistory()).rejects.toThrow(/cannot reach the chat server/)
    expect(widget.screen.getByText('Keep me')).toBeTruthy()
  })
})

describe('tabs', () => {
  it('clearHistory in one tab empties the others, and none brings the conversation back', async () => {
    const a = track(await openChat())
    const b = track(await secondTab(a))
    await waitFor(() => expect(b.EventSource.instances.length).toBeGreaterThan(0))
    const reply = createEntry({ id: '8', content: { type: 'text', text: 'Shared reply' } })
    for (const tab of [a, b]) tab.stream().emit('message', reply, '8')
    await b.screen.findByText('Shared reply')
    await a.widget.api.clearHistory()
    // The other tab hears it while its own write of the reply may still be on its way.
    streamText(b, '9', 'Late')
    await waitFor(() => expect(b.screen.queryByText('Shared reply')).toBeNull())
    await settle(50)
    const [record] = await a.storage.getMany(['conversation'])
    expect(record).toMatchObject({ ids: [] })
    expect(await a.storage.get('entry:8')).toBeUndefined()
  })

  it('a read in one tab clears the badge in the other', async () => {
    const a = track(await openChat())
    const b = track(await secondTab(a))
    await waitFor(() => expect(b.EventSource.instances).toHaveLength(1))
    // The open state is shared through storage: the second tab opened too.
    a.widget.api.close()
    b.widget.api.close()
    for (const tab of [a, b]) tab.stream().emit('message', createEntry({ id: '1' }), '1')
    await waitFor(() => expect(b.widget.api.getUnreadCount()).toBe(1))
    a.widget.api.open()
    await waitFor(() => expect(b.widget.api.getUnreadCount()).toBe(0))
    await settle()
  })
})
