import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { PublicOfflineForm } from '../../../../shared/widget-api'
import { createFakeBackend } from '../../../support/fake-fetch'
import { type TestWidget, useMountedWidgets } from '../../../support/mount-widget'
import { createEntry } from '../../../support/widget-factories'
import { openChat, settle } from '../../support/chat-helpers'

const track = useMountedWidgets()
async function offlineChat(offlineForm?: PublicOfflineForm, config = {}) {
  const backend = createFakeBackend({
    online: false,
    config: { ...(offlineForm ? { offlineForm } : {}), ...config },
  })
  const widget = await openChat({ backend })
  track(widget)
  return widget
}
const fields = (widget: TestWidget) =>
  [...widget.root.querySelectorAll('.ph-offline-form input')].map(
    (input) => (input as HTMLInputElement).autocomplete,
  )

describe('the offline form', () => {
  it('marks what is required, visibly and for assistive technology (issue 24, defect 7)', async () => {
    // The defaults: nothing required alone, but an e-mail or a phone is needed.
    const widget = await offlineChat()
    await widget.screen.findByText('* required')
    const email = widget.screen.getByLabelText(/^Email/)
    const phone = widget.screen.getByLabelText(/^Phone/)
    for (const input of [email, phone]) {
      expect(input.closest('label')?.textContent).toMatch(/\*$/)
      const note = widget.root.getElementById(input.getAttribute('aria-describedby') ?? '')
      expect(note?.textContent).toBe('Email or phone: one is enough')
    }
    expect(widget.screen.getByLabelText(/^Name/).closest('label')?.textContent).not.toMatch(/\*/)
    const message = widget.root.querySelector('.ph-offline-form textarea') as HTMLTextAreaElement
    expect(message.required).toBe(true)
    expect(message.getAttribute('aria-required')).toBe('true')
  })

  it('a lone e-mail field is required: marked, required and aria-required', async () => {
    const widget = await offlineChat({
      fields: {
        name: { shown: true, required: false },
        email: { shown: true, required: false },
        phone: { shown: false, required: false },
        message: { shown: true, required: true },
      },
    })
    const email = (await widget.screen.findByLabelText(/^Email/)) as HTMLInputElement
    expect(email.required).toBe(true)
    expect(email.getAttribute('aria-required')).toBe('true')
    expect(email.closest('label')?.textContent).toMatch(/\*$/)
    expect(widget.root.getElementById('ph-either')).toBeNull()
  })

  it('honours the settings: fields shown, required ones marked and enforced, the intro text', async () => {
    const widget = await offlineChat({
      intro: 'Leave your number, we call back.',
      fields: {
        name: { shown: true, required: true },
        email: { shown: false, required: false },
        phone: { shown: true, required: true },
        message: { shown: true, required: true },
      },
    })
    await widget.screen.findByText('Leave your number, we call back.')
    expect(fields(widget)).toEqual(['name', 'tel'])
    expect(widget.screen.getByLabelText(/^Name/).getAttribute('aria-required')).toBe('true')
    fireEvent.input(widget.screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Call me' },
    })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Please fill in: Name, Phone')
    fireEvent.input(widget.screen.getByLabelText(/^Name/), { target: { value: 'Jo' } })
    fireEvent.input(widget.screen.getByLabelText(/^Phone/), { target: { value: '+1 555 0100' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send message' }))
    await widget.screen.findByText('Sent')
    expect(widget.backend.texts()[0]?.body?.text).toBe('Call me')
  })

  it('an unreadable offlineForm falls back to every field', async () => {
    const widget = await offlineChat({ fields: 'all' } as unknown as PublicOfflineForm)
    await widget.screen.findByRole('button', { name: 'Send message' })
    expect(fields(widget)).toEqual(['name', 'email', 'tel'])
  })

  it('drops what the one profile holds: the e-mail the bot collected (a contact event) leaves just the message box', async () => {
    const widget = await offlineChat()
    await widget.screen.findByRole('button', { name: 'Send message' })
    widget.stream().open()
    widget.stream().emit('contact', { name: 'Ann' })
    // A name alone answers nothing: e-mail and phone are still asked.
    await waitFor(() => expect(fields(widget)).toEqual(['email', 'tel']))
    widget.stream().emit('contact', { name: 'Ann', email: 'ann@example.com' })
    await waitFor(() => expect(widget.root.querySelector('.ph-offline-form')).toBeNull())
    expect(widget.screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA')
  })

  it('comes back after a conversation ended while nobody is online, without the known contact', async () => {
    const widget = await offlineChat()
    const stream = widget.stream()
    stream.open()
    stream.emit('message', createEntry({ id: '1', author: 'visitor', name: undefined }), '1')
    await settle(20)
    expect(widget.root.querySelector('.ph-offline-form')).toBeNull()
    stream.emit('contact', { phone: '+7 912 345-67-89' })
    stream.emit(
      'message',
      createEntry({ id: '2', author: 'system', name: undefined, ended: 'closed' }),
      '2',
    )
    await widget.screen.findByText('This conversation has ended')
    // Known phone: nothing left to ask, the composer stays.
    await settle(20)
    expect(widget.root.querySelector('.ph-offline-form')).toBeNull()
  })
})
