// @vitest-environment happy-dom
import { cleanup, fireEvent } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { previewFetch } from '../../studio/src/preview/preview-backend'
import { previewConfig } from '../../studio/src/preview-config'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'
import { saveStudio, studioSection } from './support/studio-section'

afterEach(cleanup)

const PHOTO = 'https://cdn.example/team/anna.png'

const setup = () =>
  studioSection(
    'team',
    createFakeStudioApi(createSettings({ team: { avatars: [], replyTime: 'hidden' } })),
  )

describe('the Team section', () => {
  it('saves up to three photo links and the usual reply time under `team`', async () => {
    const { fake, view, section, navLink } = await setup()
    expect(navLink('Team').getAttribute('href')).toBe('#team')
    fireEvent.input(section.getByLabelText(/Team photos/), {
      target: { value: `${PHOTO}\n\nhttps://cdn.example/team/boris.png` },
    })
    fireEvent.change(section.getByLabelText('Usual reply time'), { target: { value: 'minutes' } })
    await saveStudio(view)
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
