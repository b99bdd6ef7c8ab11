// @vitest-environment happy-dom
import { cleanup, fireEvent } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { previewFetch } from '../../studio/src/preview/preview-backend'
import { saveStudio, studioSection } from './support/studio-section'

afterEach(cleanup)

const setup = () => studioSection('pre-chat')

describe('the Pre-chat form section', () => {
  it('is in the sections’ navigation', async () => {
    const { navLink } = await setup()
    expect(navLink('Pre-chat form').getAttribute('href')).toBe('#pre-chat')
  })

  it('saves the fields in order, the required ones, the consent’s text and link', async () => {
    const { fake, view, section } = await setup()
    fireEvent.click(section.getByLabelText('Ask consent checkbox before the chat'))
    fireEvent.click(section.getByLabelText('Ask email before the chat'))
    fireEvent.click(section.getByLabelText('Ask name before the chat'))
    const consentRequired = section.getByLabelText(
      'Require consent checkbox before the chat',
    ) as HTMLInputElement
    expect(consentRequired.checked).toBe(true)
    expect(consentRequired.disabled).toBe(true)
    fireEvent.click(section.getByLabelText('Require email before the chat'))
    fireEvent.input(section.getByLabelText('Consent checkbox text'), {
      target: { value: 'I agree to be contacted.' },
    })
    fireEvent.input(section.getByLabelText('Consent checkbox link'), {
      target: { value: 'https://shop.example/privacy' },
    })
    await saveStudio(view)
    expect(fake.saves.at(-1)?.settings.preChat).toMatchObject({
      fields: ['name', 'email', 'consent'],
      required: ['email'],
      consentText: 'I agree to be contacted.',
      consentUrl: 'https://shop.example/privacy',
    })
  })

  it('says in the section when nothing is required', async () => {
    const { view, section } = await setup()
    fireEvent.click(section.getByLabelText('Ask name before the chat'))
    expect(view.container.querySelector('#pre-chat')?.textContent).toContain(
      'require at least one field',
    )
  })
})

describe('the preview’s widget API for the pre-chat form', () => {
  it('keeps the contact given and takes the consent', async () => {
    const fetcher = previewFetch(() => ({ online: true }))
    const base = 'https://studio.example/admin/preview-widget/'
    const session = await fetcher(`${base}api/session`, {
      method: 'POST',
      body: JSON.stringify({ token: 'preview', contact: { email: 'ann@example.com' } }),
    })
    expect((await session.json()).contact).toEqual({ email: 'ann@example.com' })
    const consent = await fetcher(`${base}api/visitor/consent`, { method: 'POST', body: '{}' })
    expect(consent.status).toBe(204)
  })
})
