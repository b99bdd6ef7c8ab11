// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Studio } from '../../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from '../support/fake-studio-api'

afterEach(cleanup)

describe('the Articles section in the studio', () => {
  it('is in the navigation; new articles start in the site’s language; logging out asks over an unsaved article', async () => {
    const fake = createFakeStudioApi(createSettings({ defaultLang: 'de' }))
    const confirm = vi.fn(() => false)
    const onLogout = vi.fn()
    const view = render(
      <Studio
        api={fake.api}
        publicUrl="https://chat.example.com"
        onLogout={onLogout}
        confirm={confirm}
      />,
    )
    await view.findByRole('heading', { name: 'Settings studio' })
    const nav = within(view.getByRole('navigation', { name: 'Sections' }))
    expect(nav.getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe('#articles')
    const section = within(view.container.querySelector('#articles') as HTMLElement)
    fireEvent.click(await section.findByRole('button', { name: 'New article' }))
    const form = within(section.getByRole('form', { name: 'New article' }))
    expect((form.getByLabelText('Language') as HTMLSelectElement).value).toBe('de')
    fireEvent.input(form.getByLabelText('Title'), { target: { value: 'Versand' } })
    // The settings themselves are unchanged: only the article is.
    expect(view.getByText(/Saved · version 1/)).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Log out' }))
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unsaved changes/))
    expect(onLogout).not.toHaveBeenCalled()
  })
})
