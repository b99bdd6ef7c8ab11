import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { EN_RESUME_NOTES } from '../../../widget/chat/engine/resume-strings'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend } from '../../support/fake-fetch'
import {
  mountTestWidget,
  type TestWidget,
  type TestWidgetOptions,
} from '../../support/mount-widget'
import { createBase, createEntry } from '../../support/widget-factories'
import { sendText, settle, streamText } from '../support/chat-helpers'

// An e-mail's resume link lands on the site's page with #porthole-resume=<token>
// (server/email/resume-routes.ts). The widget opens the chat, takes the token out of the
// address bar, exchanges it (POST /api/session {resume}) and starts the conversation with
// the session it gets; a link that opens nothing shows a short note.

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
  history.replaceState(null, '', '/')
})

/** The page a resume link opened: its address carries the token in the fragment. */
async function landOn(fragment: string, options: TestWidgetOptions = {}): Promise<TestWidget> {
  history.replaceState(null, '', `/shoes?size=9${fragment}`)
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  return widget
}

/** A device whose visitor already has a conversation (one message), and its storage. */
async function deviceWithConversation() {
  const storage = createMemoryStore()
  const old = createEntry({
    id: 'old-1',
    content: { type: 'text', text: 'Previous visitor’s text' },
  })
  await storage.write(
    [
      ['session', { visitorId: 'visitor-mine', token: 'mine', contact: {} }],
      ['conversation', { ids: ['old-1'], lastEventId: 'old-1' }],
      ['entry:old-1', old],
    ],
    [],
  )
  return storage
}

const messageBox = (widget: TestWidget) =>
  widget.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement

const resumeCalls = (widget: TestWidget) =>
  widget.backend.requests.filter(
    (request) => request.path === '/api/session' && request.body?.resume !== undefined,
  )

describe('a resume link', () => {
  it('opens the chat on the link’s conversation, and the token leaves the address bar', async () => {
    const widget = await landOn('#porthole-resume=good-abc')
    await widget.screen.findByRole('dialog')
    expect(location.hash).toBe('')
    expect(location.href).toMatch(/\/shoes\?size=9$/)
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    // A device without a conversation exchanges at once, with this browser's random id.
    expect(resumeCalls(widget).map((request) => request.body)).toEqual([
      { resume: 'good-abc', device: expect.stringMatching(/^[0-9a-z]{28}$/) },
    ])
    expect(widget.screen.queryByText(EN_RESUME_NOTES.ask)).toBeNull()
    // The stream is the link's visitor's: their conversation replays, and the visitor writes on.
    expect(widget.streamToken()).toBe('abc')
    widget.stream().open()
    streamText(widget, 'e1', 'Your order shipped')
    await widget.screen.findByText('Your order shipped')
    sendText(widget, 'Thanks!')
    await widget.screen.findByText('Sent')
    expect(widget.backend.texts().map((request) => request.token)).toEqual(['abc'])
    expect(widget.root.querySelector('.ph-notice')).toBeNull()
  })

  it('that expired gives a new conversation with a note, never the link’s', async () => {
    const widget = await landOn('#porthole-resume=r1.expired')
    await widget.screen.findByText('This link has expired — here is a new conversation')
    expect(location.hash).toBe('')
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    expect(widget.streamToken()).toMatch(/^token-/)
  })

  it('that opens nothing keeps this device’s own conversation (with a shorter note)', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const backend = createFakeBackend()
    await storage.set('session', { visitorId: 'visitor-mine', token: 'mine', contact: {} })
    const widget = await landOn('#porthole-resume=r1.expired', { storage, base, backend })
    await widget.screen.findByText('This link has expired')
    expect(resumeCalls(widget).map((request) => request.body)).toEqual([
      { resume: 'r1.expired', token: 'mine', device: expect.any(String) },
    ])
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    expect(widget.streamToken()).toBe('mine')
  })

  it('of another visitor replaces this device’s conversation once the visitor says yes: nothing of the previous one shows', async () => {
    const storage = await deviceWithConversation()
    await storage.set('unread', 2)
    const widget = await landOn('#porthole-resume=good-theirs', { storage })
    await waitFor(() => expect(widget.streamToken()).toBe('mine'))
    fireEvent.click(await widget.screen.findByRole('button', { name: EN_RESUME_NOTES.yes }))
    await waitFor(() => expect(widget.streamToken()).toBe('theirs'))
    expect(resumeCalls(widget).map((request) => request.body)).toEqual([
      { resume: 'good-theirs', token: 'mine', device: expect.stringMatching(/^[0-9a-z]{28}$/) },
    ])
    // The stream replays the link's conversation from its start, not after the old id.
    expect(widget.stream().query.get('lastEventId')).toBeNull()
    expect(widget.screen.queryByText('Previous visitor’s text')).toBeNull()
    expect(widget.root.querySelector('textarea')).not.toBeNull()
    expect(await storage.get('entry:old-1')).toBeUndefined()
    expect(await storage.get('unread')).toBeUndefined()
  })

  it('of another visitor, opened in a new tab, switches this browser’s other tabs too', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const backend = createFakeBackend()
    await storage.set('session', { visitorId: 'visitor-mine', token: 'mine', contact: {} })
    const first = await mountTestWidget({ storage, base, backend })
    widgets.push(first)
    await waitFor(() => expect(first.EventSource.instances).toHaveLength(1))
    expect(first.streamToken()).toBe('mine')
    first.stream().open()
    streamText(first, 'm1', 'Mine before')
    await waitFor(() => expect(first.widget.api.getUnreadCount()).toBe(1))

    const second = await landOn('#porthole-resume=good-theirs', { storage, base, backend })
    fireEvent.click(await second.screen.findByRole('button', { name: EN_RESUME_NOTES.yes }))
    await waitFor(() => expect(second.streamToken()).toBe('theirs'))
    // The first tab now follows the link's visitor, from the start of their conversation.
    await waitFor(() => expect(first.streamToken()).toBe('theirs'))
    expect(first.stream().query.get('lastEventId')).toBeNull()
    await waitFor(() => expect(first.widget.api.getUnreadCount()).toBe(0))
  })

  it('of a verified user asks the visitor to sign in; the site’s identify() clears the note', async () => {
    const widget = await landOn('#porthole-resume=user')
    await widget.screen.findByText('Sign in on this site to continue that conversation')
    await widget.widget.api.identify({ id: '42', hash: 'a'.repeat(64) })
    await waitFor(() =>
      expect(
        widget.screen.queryByText('Sign in on this site to continue that conversation'),
      ).toBeNull(),
    )
  })

  it('asks first on a device that has a conversation; “Keep this one” keeps it and exchanges nothing', async () => {
    const storage = await deviceWithConversation()
    const widget = await landOn('#porthole-resume=good-theirs', { storage })
    await widget.screen.findByText(EN_RESUME_NOTES.ask)
    expect(location.hash).toBe('')
    // The device's own conversation runs meanwhile; the message box waits for the answer.
    await waitFor(() => expect(widget.streamToken()).toBe('mine'))
    expect(widget.root.querySelector('textarea')).toBeNull()
    expect(resumeCalls(widget)).toEqual([])
    fireEvent.click(widget.screen.getByRole('button', { name: EN_RESUME_NOTES.keep }))
    await waitFor(() => expect(widget.screen.queryByText(EN_RESUME_NOTES.ask)).toBeNull())
    expect(widget.root.querySelector('textarea')).not.toBeNull()
    await settle(20)
    expect(resumeCalls(widget)).toEqual([])
    expect(widget.streamToken()).toBe('mine')
    expect(await storage.get('entry:old-1')).toBeDefined()
    sendText(widget, 'Still mine')
    await widget.screen.findByText('Sent')
    expect(widget.backend.texts().map((request) => request.token)).toEqual(['mine'])
  })

  it('asks nothing when the link is this device’s own conversation', async () => {
    const storage = await deviceWithConversation()
    // r1.<base64url("visitor-mine")>.…: the link of the visitor this device already is.
    const own = `r1.${btoa('visitor-mine').replace(/=+$/, '')}.x.y.z`
    const widget = await landOn(`#porthole-resume=${own}`, { storage })
    await waitFor(() => expect(resumeCalls(widget)).toHaveLength(1))
    expect(widget.screen.queryByText(EN_RESUME_NOTES.ask)).toBeNull()
  })

  it('opens no guest’s link on a device signed in as a user: asks nothing, keeps the user’s conversation, says why', async () => {
    const storage = await deviceWithConversation()
    await storage.set('session', { visitorId: 'user:42', token: 'user-42', contact: {} })
    const widget = await landOn('#porthole-resume=signed-in', { storage })
    await widget.screen.findByText(EN_RESUME_NOTES.signedIn)
    expect(widget.screen.queryByText(EN_RESUME_NOTES.ask)).toBeNull()
    expect(resumeCalls(widget).map((request) => request.body?.token)).toEqual(['user-42'])
    await waitFor(() => expect(widget.streamToken()).toBe('user-42'))
    expect(await storage.get('entry:old-1')).toBeDefined()
  })

  it('says a link already used elsewhere is spent, and sends the same browser id on every try', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const backend = createFakeBackend()
    const first = await landOn('#porthole-resume=used', { storage, base, backend })
    await first.screen.findByText(EN_RESUME_NOTES.used)
    first.unmount()
    widgets.splice(widgets.indexOf(first), 1)
    const again = await landOn('#porthole-resume=used', { storage, base, backend })
    await again.screen.findByText(EN_RESUME_NOTES.used)
    const devices = resumeCalls(again).map((request) => request.body?.device)
    expect(devices).toHaveLength(2)
    expect(devices[1]).toBe(devices[0])
  })

  it('taken over on another device: this one, signed out, starts a new conversation once, without a loop', async () => {
    const storage = await deviceWithConversation()
    const widget = await landOn('', { storage })
    fireEvent.click(widget.root.querySelector('.ph-launcher') ?? widget.root)
    await waitFor(() => expect(widget.streamToken()).toBe('mine'))
    await widget.screen.findByText('Previous visitor’s text')
    widget.stream().open()
    // The link's exchange elsewhere refused this device's token and ended its stream (the
    // browser's reconnect, with the spent ticket, is refused: it gives up).
    widget.backend.signedOut.add('mine')
    widget.stream().fail(true)
    await waitFor(() => expect(widget.streamToken()).toMatch(/^token-/))
    await waitFor(() => expect(widget.screen.queryByText('Previous visitor’s text')).toBeNull())
    await widget.screen.findByText(EN_RESUME_NOTES.signedOut)
    widget.stream().open()
    await settle(200)
    const sessions = widget.backend.requests.filter((request) => request.path === '/api/session')
    expect(sessions.length).toBeLessThanOrEqual(3)
    sendText(widget, 'A new question')
    await widget.screen.findByText('Sent')
    expect(widget.backend.texts().map((request) => request.token)).toEqual([widget.streamToken()])
  })

  it('taken over on another device: what this one then writes is not sent in a new visitor’s name', async () => {
    const storage = await deviceWithConversation()
    const widget = await landOn('', { storage })
    fireEvent.click(widget.root.querySelector('.ph-launcher') ?? widget.root)
    await waitFor(() => expect(widget.streamToken()).toBe('mine'))
    widget.stream().open()
    widget.backend.signedOut.add('mine')
    sendText(widget, 'Written after the hand-over')
    await waitFor(() => expect(widget.screen.queryByText('Previous visitor’s text')).toBeNull())
    await settle(100)
    expect(widget.backend.texts().map((request) => request.token)).toEqual(['mine'])
    // Nor lost: the text is back in the message box, for the visitor to send (once) again.
    expect(messageBox(widget).value).toBe('Written after the hand-over')
    fireEvent.keyDown(messageBox(widget), { key: 'Enter' })
    await widget.screen.findByText('Sent')
    expect(widget.backend.texts().map((request) => [request.token, request.body?.text])).toEqual([
      ['mine', 'Written after the hand-over'],
      [widget.streamToken(), 'Written after the hand-over'],
    ])
  })

  it('taken over on another device: every text that waited is put back after the draft, an attachment not', async () => {
    const storage = await deviceWithConversation()
    await storage.write(
      [
        ['draft', 'P.S. my size is 9'],
        [
          'outbox',
          [
            { id: 'c-failed', text: 'Refused before', at: 1 },
            { id: 'c-file', text: '', fileId: 'file-1', at: 2 },
            { id: 'c-queued', text: 'Still waiting', at: 3 },
          ],
        ],
        [
          'conversation',
          {
            ids: ['old-1'],
            lastEventId: 'old-1',
            delivery: { 'c-failed': { state: 'failed', error: 'Too long' } },
          },
        ],
      ],
      [],
    )
    const backend = createFakeBackend()
    backend.signedOut.add('mine')
    const widget = await landOn('', { storage, backend })
    fireEvent.click(widget.root.querySelector('.ph-launcher') ?? widget.root)
    await widget.screen.findByText(EN_RESUME_NOTES.signedOut)
    await waitFor(() =>
      expect(messageBox(widget).value).toBe('P.S. my size is 9\n\nRefused before\n\nStill waiting'),
    )
    expect(await storage.get('draft')).toBe(messageBox(widget).value)
    await settle(100)
    // Nothing that waited went out in the new visitor's name.
    expect(
      backend.requests.filter(
        (request) => request.path === '/api/messages' && request.token !== 'mine',
      ),
    ).toEqual([])
  })

  it('shows its note in the visitor’s language', async () => {
    const widget = await landOn('#porthole-resume=nonsense', { data: { lang: 'ru' } })
    await widget.screen.findByText('Срок действия ссылки истёк — вот новый разговор')
  })

  it('is not looked for where there is no fragment: a new visitor’s page opens nothing', async () => {
    const widget = await landOn('#reviews')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(widget.screen.queryByRole('dialog')).toBeNull()
    expect(location.hash).toBe('#reviews')
    expect(widget.backend.requests.filter((request) => request.path === '/api/session')).toEqual([])
  })
})
