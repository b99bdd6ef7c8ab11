// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Studio } from '../../studio/src/Studio'
import type { Json } from '../../studio/src/settings-draft'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'

afterEach(cleanup)

async function setup(bot: Json | undefined) {
  const fake = createFakeStudioApi(createSettings(bot === undefined ? {} : { bot }))
  const view = render(
    <Studio api={fake.api} publicUrl="https://chat.example.com" onLogout={vi.fn()} />,
  )
  await view.findByRole('heading', { name: 'Settings studio' })
  const section = within(view.container.querySelector('#bot') as HTMLElement)
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
