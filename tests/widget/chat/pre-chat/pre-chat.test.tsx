import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { PublicConfig } from '../../../../shared/widget-api'
import { askedFields, readPreChat } from '../../../../widget/chat/pre-chat/pre-chat-rules'
import type { KeyValueStore } from '../../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, useMountedWidgets } from '../../../support/mount-widget'
import { settle } from '../../support/chat-helpers'
import { recordingStore } from '../../support/recording-store'

// Settings preChat: while someone is online a new conversation starts with the form; the
// message box comes once the visitor gave what it asks. Nothing is stored or sent before.

const track = useMountedWidgets()

const PRE_CHAT: NonNullable<PublicConfig['preChat']> = {
  fields: ['name', 'email', 'consent'],
  required: ['email'],
  consent: { version: 'k3x9', text: 'I agree to the terms.', url: 'https://shop.example/privacy' },
}

async function openWidget(storage: KeyValueStore, options: { online?: boolean } = {}) {
  const backend = createFakeBackend({
    config: { preChat: PRE_CHAT },
    online: options.online ?? true,
  })
  const widget = await mountTestWidget({ backend, storage })
  track(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  await widget.screen.findByRole('dialog')
  return widget
}

describe('the pre-chat form', () => {
  it('asks first, refuses a missing e-mail or an unticked consent, stores nothing before', async () => {
    const { storage, written } = recordingStore()
    const widget = await openWidget(storage)
    const email = (await widget.screen.findByLabelText(/^Email/)) as HTMLInputElement
    expect(email.required).toBe(true)
    expect(widget.screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
    const start = widget.screen.getByRole('button', { name: 'Start the chat' })
    fireEvent.input(widget.screen.getByLabelText(/^Name/), { target: { value: 'Ann' } })
    fireEvent.click(start)
    expect((await widget.screen.findByRole('alert')).textContent).toBe('Please fill in: Email')
    fireEvent.input(email, { target: { value: 'ann@example' } })
    fireEvent.click(start)
    await waitFor(() =>
      expect(widget.screen.getByRole('alert').textContent).toMatch(/check the email address/),
    )
    fireEvent.input(email, { target: { value: 'ann@example.com' } })
    fireEvent.click(start)
    await waitFor(() =>
      expect(widget.screen.getByRole('alert').textContent).toMatch(/tick the box/),
    )
    await settle(50)
    expect(written.filter((key) => key !== 'open')).toEqual([])
    expect(widget.backend.requests.filter((r) => r.path === '/api/session')).toEqual([])

    fireEvent.click(widget.screen.getByRole('checkbox', { name: /I agree to the terms/ }))
    fireEvent.click(start)
    // Given: the contact to the profile, the consent recorded, then the message box.
    await widget.screen.findByRole('textbox', { name: 'Message' })
    expect(widget.backend.consents.map((consent) => consent.version)).toEqual(['k3x9'])
    expect(await storage.get('pre-chat')).toMatchObject({ version: 'k3x9' })
    const session = widget.backend.requests.filter((r) => r.path === '/api/session').at(-1)
    expect(session?.body?.contact).toEqual({ name: 'Ann', email: 'ann@example.com' })
  })

  /** A returning visitor: this browser agreed to the consent, the profile holds the e-mail. */
  async function openReturning() {
    const storage = createMemoryStore()
    await storage.set('pre-chat', { version: 'k3x9', at: 1 })
    const backend = createFakeBackend({ config: { preChat: PRE_CHAT } })
    const widget = await mountTestWidget({ backend, storage })
    track(widget)
    // The visitor's profile holds the e-mail (given on an earlier visit).
    await widget.widget.api.setContact({ email: 'ann@example.com' })
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    const box = await widget.screen.findByRole('textbox', { name: 'Message' })
    return { storage, backend, widget, box }
  }

  it('does not ask a returning visitor who gave it all', async () => {
    const { widget } = await openReturning()
    expect(widget.screen.queryByRole('button', { name: 'Start the chat' })).toBeNull()
  })

  it('a consent the backend pruned (409 pre_chat_required): the form again, the message kept and sent after it', async () => {
    const { storage, backend, widget, box } = await openReturning()
    // The backend no longer holds the consent (or the contact) this browser remembers.
    backend.respond(() =>
      Response.json(
        { error: { code: 'pre_chat_required', message: 'The pre-chat form asks for consent' } },
        { status: 409 },
      ),
    )
    fireEvent.input(box, { target: { value: 'Where is my order?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    const start = await widget.screen.findByRole('button', { name: 'Start the chat' })
    expect(await storage.get('pre-chat')).toBeUndefined()
    // Nothing lost: the message stays in the log while the form asks again.
    expect(widget.screen.getByText('Where is my order?')).toBeTruthy()
    fireEvent.input(widget.screen.getByLabelText(/^Email/), {
      target: { value: 'ann@example.com' },
    })
    fireEvent.click(widget.screen.getByRole('checkbox', { name: /I agree to the terms/ }))
    fireEvent.click(start)
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(backend.texts().length).toBe(2))
    expect(backend.texts().map((request) => request.body?.text)).toEqual([
      'Where is my order?',
      'Where is my order?',
    ])
    expect(backend.consents.map((consent) => consent.version)).toEqual(['k3x9'])
    await waitFor(() => expect(widget.screen.queryByRole('button', { name: 'Retry' })).toBeNull())
  })

  it('leaves the offline form as it is while nobody is online', async () => {
    const widget = await openWidget(createMemoryStore(), { online: false })
    await widget.screen.findByRole('button', { name: 'Send message' })
    expect(widget.screen.queryByRole('button', { name: 'Start the chat' })).toBeNull()
  })
})

describe('the fields it asks', () => {
  const preChat = readPreChat(PRE_CHAT)
  it('reads the config, dropping what it does not know', () => {
    expect(preChat).toEqual(PRE_CHAT)
    expect(readPreChat({ fields: ['fax'], required: [] })).toBeUndefined()
    expect(readPreChat({ fields: ['email', 'fax'], required: ['email', 'phone'] })).toEqual({
      fields: ['email'],
      required: ['email'],
    })
  })

  it('asks every missing shown field while something required lacks; else nothing', () => {
    if (!preChat) throw new Error('unreadable')
    expect(askedFields(preChat, {}, undefined).map((field) => field.key)).toEqual([
      'name',
      'email',
      'consent',
    ])
    expect(askedFields(preChat, { email: 'a@b.co' }, undefined).map((f) => f.key)).toEqual([
      'name',
      'consent',
    ])
    expect(askedFields(preChat, { email: 'a@b.co' }, 'k3x9')).toEqual([])
    expect(askedFields(preChat, { email: 'a@b.co' }, 'older').map((f) => f.key)).toContain(
      'consent',
    )
  })
})
