// @vitest-environment happy-dom
import { cleanup, fireEvent } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { Json } from '../../studio/src/settings-draft'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'
import { studioSection } from './support/studio-section'

afterEach(cleanup)

async function setup(bot: Json | undefined) {
  const { section } = await studioSection(
    'bot',
    createFakeStudioApi(createSettings(bot === undefined ? {} : { bot })),
  )
  const box = section.getByRole('checkbox', {
    name: 'Answer from the help articles',
  }) as HTMLInputElement
  const json = () =>
    JSON.parse(
      (section.getByLabelText('All bot settings (JSON)') as HTMLTextAreaElement).value || '{}',
    )
  return { box, json }
}

describe('the Bot section’s article answers', () => {
  it('is ticked by default and unticking it writes bot.articleAnswers: false', async () => {
    const { box, json } = await setup({ rules: [] })
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    expect(box.checked).toBe(false)
    expect(json()).toEqual({ rules: [], articleAnswers: false })
    fireEvent.click(box)
    expect(json()).toEqual({ rules: [], articleAnswers: true })
  })

  it('shows a saved false as unticked', async () => {
    const { box } = await setup({ articleAnswers: false })
    expect(box.checked).toBe(false)
  })
})
