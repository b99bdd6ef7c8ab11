import { fireEvent, render, within } from '@testing-library/preact'
import { vi } from 'vitest'
import { Studio } from '../../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from './fake-studio-api'

type FakeStudioApi = ReturnType<typeof createFakeStudioApi>

/**
 * The studio logged in on `fake` (default settings unless given), and the section `id` to
 * query within.
 */
export async function studioSection(
  id: string,
  fake: FakeStudioApi = createFakeStudioApi(createSettings({})),
) {
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

/** Clicks Save and waits until the studio says the settings were saved as `version`. */
export async function saveStudio(
  view: Pick<ReturnType<typeof render>, 'getByRole' | 'findByText'>,
  version = 2,
): Promise<void> {
  fireEvent.click(view.getByRole('button', { name: 'Save' }))
  await view.findByText(new RegExp(`Saved · version ${version}\\b`))
}
