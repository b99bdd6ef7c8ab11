// @vitest-environment happy-dom
import { cleanup, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TEXTS } from '../../../shared/settings/default-texts'
import { WIDGET_OFFLINE_TEXT } from '../../../shared/settings/widget-default-texts'
import { missingLanguagesLine } from '../../../studio/src/fields/MissingLanguages'
import { createFakeStudioApi, createSettings } from '../support/fake-studio-api'
import { studioSection } from '../support/studio-section'

// Issue 35, defect 7: under each text the studio says which languages it lacks.

afterEach(cleanup)

describe('the line under a text', () => {
  it('names the languages a per-language text lacks', async () => {
    const fake = createFakeStudioApi(
      createSettings({
        greeting: { en: 'Hi!', ru: 'Привет!' },
        offlineText: { en: WIDGET_OFFLINE_TEXT.en, ru: 'Нас нет' },
      }),
    )
    const { section: texts } = await studioSection('texts', fake)
    const lines = texts.getAllByText(/languages/).map((line) => line.textContent)
    expect(lines).toEqual([
      'Not written in 34 languages (العربية, עברית, فارسی, 中文（简体）, 日本語 and 29 more): those visitors read it in the default language.',
      'Visitors in the languages you did not write get Porthole’s own translation.',
    ])
  })

  it('tells a kept default of the bot’s texts from the owner’s own English', () => {
    const kept = { en: DEFAULT_TEXTS.noAgentText.en, ru: 'Никого нет' }
    expect(missingLanguagesLine('bot.noAgentText', kept)).toMatch(/Porthole’s own translation/)
    expect(missingLanguagesLine('bot.noAgentText', { en: 'Away', ru: 'Нет' })).toMatch(
      /^Not written in 34 languages/,
    )
    expect(missingLanguagesLine('bot.noAgentText', 'Away')).toMatch(/^One text for every language/)
    expect(missingLanguagesLine('greeting', { en: 'Hi', ru: '' })).toMatch(/^Not written in 35/)
    expect(missingLanguagesLine('greeting', undefined)).toBeUndefined()
  })
})

describe('the lines under the bot’s JSON', () => {
  it('say, for each text written there, whether visitors of other languages get a translation', async () => {
    const fake = createFakeStudioApi(
      createSettings({
        bot: {
          defaultLanguage: 'en',
          handoverText: { en: DEFAULT_TEXTS.handoverText.en, ru: 'Соединяю…' },
          noAgentText: { en: 'Nobody is online.', ru: 'Никого нет.' },
          rules: [],
        },
      }),
    )
    const { section: bot } = await studioSection('bot', fake)
    const list = bot.getByRole('list', { name: 'Languages of the bot’s texts' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'handoverText: Visitors in the languages you did not write get Porthole’s own translation.',
      expect.stringMatching(/^noAgentText: Not written in 34 languages \(/),
    ])
  })
})
