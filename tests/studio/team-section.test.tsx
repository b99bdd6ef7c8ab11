// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { previewFetch } from '../../studio/src/preview/preview-backend'
import { previewConfig } from '../../studio/src/preview-config'
import { Studio } from '../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'

afterEach(cleanup)

const PHOTO = 'https://cdn.example/team/anna.png'

async function setup() {
  const fake = createFakeStudioApi(createSettings({ team: { avatars: [], replyTime: 'hidden' } }))
  const view = render(
    <Studio api={fake.api} publicUrl="https://chat.example.com" onLogout={vi.fn()} />,
  )
  await view.findByRole('heading', { name: 'Settings studio' })
  const section = within(view.container.querySelector('#team') as HTMLElement)
  return { fake, view, section }
}

describe('the Team section', () => {
  it('saves up to three photo links and the usual reply time under `team`', async () => {
    const { fake, view, section } = await setup()
    expect(
      within(view.getByRole('navigation', { name: 'Sections' }))
        .getByRole('link', { name: 'Team' })
        .getAttribute('href'),
    ).toBe('#team')
    fireEvent.input(section.getByLabelText(/Team photos/), {
      target: { value: `${PHOTO}\n\nhttps://cdn.example/team/boris.png` },
    })
    fireEvent.change(section.getByLabelText('Usual reply time'), { target: { value: 'minutes' } })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    await view.findByText(/Saved · version 2/)
    expect(fake.saves.at(-1)?.settings.team).toEqual({
      avatars: [PHOTO, 'https://cdn.example/team/boris.png'],
      replyTime: 'minutes',
    })
  })

  it('says what is wrong beside the field: a fourth photo, a link that is not http(s)', async () => {
    const { view, section } = await setup()
    const photos = section.getByLabelText(/Team photos/)
    fireEvent.input(photos, { target: { value: [PHOTO, PHOTO, PHOTO, PHOTO].join('\n') } })
    expect(view.container.querySelector('#f-team-avatars-error')?.textContent).toBe(
      'must hold at most 3 photos',
    )
    fireEvent.input(photos, { target: { value: 'cdn.example/anna.png' } })
    expect(view.container.querySelector('#team')?.textContent).toContain(
      'must be an http:// or https:// URL',
    )
  })

  it('the live preview’s widget reads the unsaved team from its GET /api/config', async () => {
    const config = previewConfig(
      createSettings({ team: { avatars: [PHOTO], replyTime: 'day' } }),
      'en',
    )
    const fetcher = previewFetch(() => ({ online: true, config }))
    const answer = await (
      await fetcher('https://studio.example/admin/preview-widget/api/config')
    ).json()
    expect(answer.team).toEqual({ avatars: [PHOTO], replyTime: 'day' })
  })
})
