// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Studio } from '../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'

afterEach(cleanup)

async function setup() {
  const fake = createFakeStudioApi(createSettings({}))
  const view = render(
    <Studio api={fake.api} publicUrl="https://chat.example.com" onLogout={vi.fn()} />,
  )
  await view.findByRole('heading', { name: 'Settings studio' })
  const section = within(view.container.querySelector('#privacy') as HTMLElement)
  return { fake, view, section }
}

describe('the Privacy section', () => {
  it('is in the sections’ navigation', async () => {
    const { view } = await setup()
    expect(
      within(view.getByRole('navigation', { name: 'Sections' }))
        .getByRole('link', { name: 'Privacy' })
        .getAttribute('href'),
    ).toBe('#privacy')
  })

  it('saves the consent step, its text and the policy link under `privacy`', async () => {
    const { fake, view, section } = await setup()
    fireEvent.change(section.getByLabelText('Consent before the chat'), {
      target: { value: 'required' },
    })
    fireEvent.input(section.getByLabelText('Consent text'), {
      target: { value: 'We keep this chat for 30 days.' },
    })
    fireEvent.input(section.getByLabelText('Privacy policy link'), {
      target: { value: 'https://shop.example/privacy' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    await view.findByText(/Saved · version 2/)
    expect(fake.saves.at(-1)?.settings.privacy).toMatchObject({
      consent: 'required',
      consentText: 'We keep this chat for 30 days.',
      policyUrl: 'https://shop.example/privacy',
    })
  })

  it('says beside the field that the policy must be an https:// link', async () => {
    const { view, section } = await setup()
    fireEvent.input(section.getByLabelText('Privacy policy link'), {
      target: { value: 'http://shop.example/privacy' },
    })
    expect(view.container.querySelector('#privacy')?.textContent).toContain(
      'must be an https:// URL, or empty',
    )
  })

  it('saves the site’s own masking patterns under privacy.maskPatterns', async () => {
    const { fake, view, section } = await setup()
    fireEvent.input(section.getByLabelText(/Your own patterns to hide/), {
      target: { value: '\\bcustomer-\\d{6}\\b\n\npin \\d{4}' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    await view.findByText(/Saved · version 2/)
    expect(fake.saves.at(-1)?.settings.privacy).toMatchObject({
      maskPatterns: ['\\bcustomer-\\d{6}\\b', 'pin \\d{4}'],
    })
  })

  it('says beside the field when a pattern could take the browser minutes', async () => {
    const { view, section } = await setup()
    fireEvent.input(section.getByLabelText(/Your own patterns to hide/), {
      target: { value: '(\\d+)+x' },
    })
    expect(view.container.querySelector('#privacy')?.textContent).toContain(
      'repeats a group that repeats or branches inside',
    )
  })
})
