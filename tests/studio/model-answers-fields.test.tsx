// @vitest-environment happy-dom
import { cleanup, fireEvent, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_MODEL_INSTRUCTIONS } from '../../shared/settings/model-answers'
import type { Json } from '../../studio/src/settings-draft'
import { REAL_WORK } from '../support/timeouts'
import { createFakeAnswersApi } from './support/fake-answers-api'
import { createFakeHelpApi } from './support/fake-help-api'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'
import { studioSection } from './support/studio-section'

afterEach(cleanup)

async function setup(bot: Json | undefined, modelConfigured = true) {
  const answers = createFakeAnswersApi({ modelConfigured })
  const fake = createFakeStudioApi(
    createSettings(bot === undefined ? {} : { bot }),
    createFakeHelpApi(),
    answers,
  )
  const { view, section } = await studioSection('bot', fake)
  const json = () =>
    JSON.parse(
      (section.getByLabelText('All bot settings (JSON)') as HTMLTextAreaElement).value || '{}',
    )
  return { section, json, view, fake }
}

describe('the Bot section’s written answers', () => {
  it('is off by default; ticking it writes bot.modelAnswers.enabled, unticking keeps false', async () => {
    const { section, json } = await setup({ rules: [] })
    const box = section.getByRole('checkbox', {
      name: 'Write answers with the model from the articles',
    }) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(box)
    expect(json().modelAnswers).toEqual({ enabled: true })
    fireEvent.click(box)
    expect(json().modelAnswers).toEqual({ enabled: false })
  })

  it('writes the instructions and counts them against the schema’s limit', async () => {
    const { section, json } = await setup({ rules: [] })
    const text = section.getByLabelText('Instructions for the model') as HTMLTextAreaElement
    fireEvent.input(text, { target: { value: 'Be brief.' } })
    expect(json().modelAnswers).toEqual({ instructions: 'Be brief.' })
    expect(
      section.getByText(`9 of ${MAX_MODEL_INSTRUCTIONS.toLocaleString()} characters`),
    ).toBeTruthy()
    fireEvent.input(text, { target: { value: 'x'.repeat(MAX_MODEL_INSTRUCTIONS + 1) } })
    const over = section.getByText(/shorten them, or the settings cannot be saved/)
    expect(over.className).toBe('field-error count')
    expect(section.getByText('How to write the instructions')).toBeTruthy()
  })

  it('ticks the languages it may answer in; none ticked leaves the list out', async () => {
    const { section, json } = await setup({ rules: [], modelAnswers: { languages: ['en'] } })
    const group = within(section.getByRole('group', { name: 'Languages it may answer in' }))
    const english = group.getByRole('checkbox', { name: 'English' }) as HTMLInputElement
    expect(english.checked).toBe(true)
    fireEvent.click(group.getByRole('checkbox', { name: 'Deutsch' }))
    expect(json().modelAnswers).toEqual({ languages: ['en', 'de'] })
    fireEvent.click(english)
    fireEvent.click(group.getByRole('checkbox', { name: 'Deutsch' }))
    expect(json().modelAnswers).toEqual({})
  })

  it('says the switch does nothing while the server has no model', async () => {
    const { section } = await setup({ rules: [] }, false)
    expect(
      await section.findByText(/No model is configured on the server, so this does nothing yet/),
    ).toBeTruthy()
  })

  it('asks for the article answers too while they are off', async () => {
    const { section } = await setup({ rules: [] })
    const note = /tick “Answer from the help articles” above too/
    expect(section.queryByText(note)).toBeNull()
    fireEvent.click(section.getByRole('checkbox', { name: 'Answer from the help articles' }))
    expect(section.getByText(note)).toBeTruthy()
  })

  it('Ask the bot says it uses the saved settings while there are unsaved changes', async () => {
    const { section, view } = await setup({ rules: [] })
    const ask = within(view.container.querySelector('#ask') as HTMLElement)
    const note = /the bot answers here with the saved settings until you save/
    expect(ask.queryByText(note)).toBeNull()
    fireEvent.click(
      section.getByRole('checkbox', { name: 'Write answers with the model from the articles' }),
    )
    expect(ask.getByText(note)).toBeTruthy()
  })

  it('says nothing of the model when the server has one', async () => {
    const { section, fake } = await setup({ rules: [] }, true)
    await vi.waitFor(() => expect(fake.answers.api.state).toHaveBeenCalled(), REAL_WORK)
    await Promise.resolve()
    expect(section.queryByText(/No model is configured/)).toBeNull()
  })
})
