import { render, within } from '@testing-library/preact'
import { vi } from 'vitest'
import { Studio } from '../../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from './fake-studio-api'

/** The studio logged in on default settings, and the section `id` to query within. */
export async function studioSection(id: string) {
  const fake = createFakeStudioApi(createSettings({}))
  const view = render(
    <Studio api={fake.api} publicUrl="https://chat.example.com" onLogout={vi.fn()} />,
  )
  await view.findByRole('heading', { name: 'Settings studio' })
  const section = within(view.container.querySelector(`#${id}`) as HTMLElement)
  /** The section's link in the sections' navigation. */
  const navLink = (name: string) =>
    within(view.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name })
  return { fake, view, section, navLink }
}
