// @vitest-environment happy-dom
import { cleanup, fireEvent } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { saveStudio, studioSection } from './support/studio-section'

afterEach(cleanup)

const setup = () => studioSection('privacy')

describe('the Privacy section', () => {
  it('is in the sections’ navigation', async () => {
    const { navLink } = await setup()
    expect(navLink('Privacy').getAttribute('href')).toBe('#privacy')
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
    await saveStudio(view)
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
    await saveStudio(view)
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
