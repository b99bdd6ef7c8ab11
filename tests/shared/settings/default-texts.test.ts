import { describe, expect, it } from 'vitest'
import { DEFAULT_HANDOVER_PHRASES, DEFAULT_TEXTS } from '../../../shared/settings/default-texts'
import { LANGUAGES } from '../../../shared/widget-api'

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort()

describe('the bot’s default texts', () => {
  it('has, in every language written, each text with the same placeholders as English', () => {
    for (const [key, texts] of Object.entries(DEFAULT_TEXTS)) {
      const english = placeholders(texts.en)
      for (const [lang, text] of Object.entries(texts)) {
        expect(LANGUAGES, `${key}.${lang}`).toContain(lang)
        expect(text.trim(), `${key}.${lang}`).not.toBe('')
        expect(placeholders(text), `${key}.${lang}`).toEqual(english)
      }
    }
  })

  it('has its own texts and handover phrases in every language of the widget', () => {
    const languages = [...LANGUAGES].sort()
    for (const key of Object.keys(DEFAULT_TEXTS) as (keyof typeof DEFAULT_TEXTS)[])
      for (const lang of LANGUAGES.filter((lang) => lang !== 'en'))
        expect(DEFAULT_TEXTS[key][lang], `${key}.${lang}`).not.toBe(DEFAULT_TEXTS[key].en)
    for (const lang of LANGUAGES)
      expect(DEFAULT_HANDOVER_PHRASES[lang].length, lang).toBeGreaterThanOrEqual(4)
    expect(Object.keys(DEFAULT_HANDOVER_PHRASES).sort()).toEqual(languages)
    for (const key of Object.keys(DEFAULT_TEXTS) as (keyof typeof DEFAULT_TEXTS)[])
      expect(Object.keys(DEFAULT_TEXTS[key]).sort(), key).toEqual(languages)
  })
})
