// @vitest-environment happy-dom
import { cleanup, fireEvent, type render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../shared/widget-api'
import type { EmailState } from '../../studio/src/api'
import { SECTION_PATHS } from '../../studio/src/sections/section-paths'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'
import { saveStudio, studioSection } from './support/studio-section'

afterEach(cleanup)

/** The e-mail settings as GET /admin/api/settings answers them (defaults filled in). */
const EMAIL_DEFAULTS = {
  missedReplies: true,
  afterSeconds: 120,
  linkDays: 7,
  rating: 'thumbs',
  ratingToAgents: false,
} as const

async function setup(state: EmailState = { configured: false }) {
  const fake = createFakeStudioApi(createSettings({ email: EMAIL_DEFAULTS }))
  fake.setEmailState(state)
  return studioSection('email', fake)
}

describe('the E-mail section', () => {
  it('is in the navigation and edits the settings under `email`', async () => {
    const { view, navLink } = await setup()
    expect(navLink('E-mail').getAttribute('href')).toBe('#email')
    expect(view.getByRole('heading', { name: 'E-mail' })).toBeTruthy()
    expect(SECTION_PATHS.email).toEqual(['email'])
  })

  it('says e-mail is off when the operator has not set SMTP_URL', async () => {
    const { section } = await setup({ configured: false })
    expect(
      await section.findByText('E-mail is off: your operator sets SMTP_URL and EMAIL_FROM.'),
    ).toBeTruthy()
  })

  it('shows the sender, the last e-mail sent and the last SMTP error with its time', async () => {
    const at = Date.UTC(2026, 10, 25, 9, 30)
    const { section, fake } = await setup({
      configured: true,
      from: 'Northwind <chat@northwind.example>',
      lastSentAt: at - 60_000,
      lastError: { message: '421 mail.example.com busy, try later', at },
    })
    await section.findByText('Northwind <chat@northwind.example>')
    expect(section.getByText(/E-mail is on/)).toBeTruthy()
    expect(section.getByText(new Date(at - 60_000).toLocaleString())).toBeTruthy()
    expect(
      section.getByText(`${new Date(at).toLocaleString()}: 421 mail.example.com busy, try later`),
    ).toBeTruthy()
    expect(section.queryByText(/E-mail is off/)).toBeNull()
    // "Check again" reads the state anew.
    fake.setEmailState({ configured: true, from: 'chat@northwind.example' })
    fireEvent.click(section.getByRole('button', { name: 'Check again' }))
    await section.findByText('chat@northwind.example')
    expect(section.getAllByText('None since the backend started')).toHaveLength(2)
  })

  it('shows every setting with its default and saves the changed delay and rating style', async () => {
    const { section, fake, view } = await setup()
    const on = section.getByLabelText(
      'E-mail visitors the replies they have not read',
    ) as HTMLInputElement
    expect(on.checked).toBe(true)
    const delay = section.getByLabelText('Send after (seconds unread)') as HTMLInputElement
    expect(delay.value).toBe('120')
    // Bounds and default read from the settings schema, not written in the form.
    expect(section.getByText('Default 120; from 10 to 604800.')).toBeTruthy()
    expect(
      section.getByRole('spinbutton', { name: 'Send after (seconds unread)' }).getAttribute('min'),
    ).toBe('10')
    expect(
      (section.getByLabelText('The link back works for (days)') as HTMLInputElement).value,
    ).toBe('7')
    expect((section.getByLabelText('Continue the chat on') as HTMLInputElement).value).toBe('')
    const rating = section.getByLabelText(
      'Rating asked at the end of a conversation',
    ) as HTMLSelectElement
    expect(rating.value).toBe('thumbs')
    expect(
      (
        section.getByLabelText(
          'Also send the visitor’s rating to the agents, as a message in the chat',
        ) as HTMLInputElement
      ).checked,
    ).toBe(false)

    fireEvent.input(delay, { target: { value: '300' } })
    fireEvent.change(rating, { target: { value: 'stars' } })
    fireEvent.input(section.getByLabelText('Continue the chat on'), {
      target: { value: 'https://shop.example/help' },
    })
    await saveStudio(view)
    expect(fake.saves.at(-1)?.settings.email).toEqual({
      ...EMAIL_DEFAULTS,
      afterSeconds: 300,
      rating: 'stars',
      continueUrl: 'https://shop.example/help',
    })
  })

  it('explains a bad value beside its field in plain words and counts it in the heading', async () => {
    const { section, view } = await setup()
    const delay = section.getByLabelText('Send after (seconds unread)')
    fireEvent.input(delay, { target: { value: '5' } })
    expect(view.container.querySelector('#f-email-afterSeconds-error')?.textContent).toBe(
      'must be at least 10 seconds',
    )
    expect(delay.getAttribute('aria-invalid')).toBe('true')
    fireEvent.input(section.getByLabelText('The link back works for (days)'), {
      target: { value: '0' },
    })
    expect(view.container.querySelector('#f-email-linkDays-error')?.textContent).toBe(
      'must be at least 1 day',
    )
    fireEvent.input(section.getByLabelText('Continue the chat on'), {
      target: { value: 'shop.example/help' },
    })
    expect(view.container.querySelector('#f-email-continueUrl-error')?.textContent).toBe(
      'must be an http:// or https:// URL',
    )
    expect(view.getByRole('heading', { name: /E-mail/ }).textContent).toContain('3 problems')
  })

  it('names a refused save’s e-mail problems by their labels, linked to the fields', async () => {
    const { fake, view, section } = await setup()
    fake.rejectNextSave([
      { path: 'email.afterSeconds', message: 'must be at least 10 seconds' },
      { path: 'email.rating', message: 'must be none, thumbs or stars' },
    ])
    fireEvent.input(section.getByLabelText('Send after (seconds unread)'), {
      target: { value: '60' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    const summary = (await view.findByText(/These 2 settings need fixing/)).closest(
      '.banner',
    ) as HTMLElement
    const link = within(summary).getByRole('link', { name: 'E-mail: Send after (seconds unread)' })
    expect(link.getAttribute('href')).toBe('#f-email-afterSeconds')
    expect(view.container.querySelector('#f-email-afterSeconds')).not.toBeNull()
    expect(
      within(summary)
        .getByRole('link', { name: 'E-mail: Rating asked at the end of a conversation' })
        .getAttribute('href'),
    ).toBe('#f-email-rating')
    expect(summary.textContent).not.toContain('email.afterSeconds')
  })
})

describe('the e-mail preview', () => {
  const frame = (view: ReturnType<typeof render>) =>
    view.container.querySelector('iframe.email-frame') as HTMLIFrameElement | null

  it('shows the backend’s HTML in a sandboxed frame, with the unsaved settings', async () => {
    const { view, fake, section } = await setup()
    await section.findByText('2 new replies from porthole.test')
    const html = frame(view)
    expect(html?.getAttribute('sandbox')).toBe('allow-same-origin')
    expect(html?.getAttribute('srcdoc')).toContain('<html lang="en">')
    expect(fake.api.emailPreview).toHaveBeenLastCalledWith(
      'en',
      expect.objectContaining({ email: EMAIL_DEFAULTS }),
    )
    fireEvent.input(section.getByLabelText('Continue the chat on'), {
      target: { value: 'https://shop.example/help' },
    })
    await section.findByText('2 new replies from shop.example')
    expect(fake.api.emailPreview).toHaveBeenLastCalledWith(
      'en',
      expect.objectContaining({
        email: { ...EMAIL_DEFAULTS, continueUrl: 'https://shop.example/help' },
      }),
    )
  })

  it('switches between the HTML and the plain text, and among every language of the widget', async () => {
    const { view, section } = await setup()
    await section.findByText('2 new replies from porthole.test')
    const lang = section.getByLabelText('Language of the e-mail') as HTMLSelectElement
    expect([...lang.options].map((option) => option.value)).toEqual([...LANGUAGES])
    fireEvent.click(section.getByRole('radio', { name: 'Plain text' }))
    expect(frame(view)).toBeNull()
    expect(view.container.querySelector('pre.email-text')?.textContent).toContain(
      'Continue the conversation: http://porthole.test/r/preview',
    )
    fireEvent.change(lang, { target: { value: 'ru' } })
    await section.findByText('Новые ответы от porthole.test: 2')
    fireEvent.click(section.getByRole('radio', { name: 'HTML' }))
    expect(frame(view)?.getAttribute('srcdoc')).toContain('<html lang="ru">')
  })

  it('says so when the preview cannot be made', async () => {
    const { fake, section } = await setup()
    vi.mocked(fake.api.emailPreview).mockRejectedValue(new Error('The server answered 500.'))
    fireEvent.input(section.getByLabelText('Send after (seconds unread)'), {
      target: { value: '60' },
    })
    expect(
      await section.findByText('The preview could not be made: The server answered 500.'),
    ).toBeTruthy()
  })
})
