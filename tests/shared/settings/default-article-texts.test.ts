import { describe, expect, it } from 'vitest'
import { DEFAULT_ARTICLE_TEXTS } from '../../../shared/settings/default-article-texts'
import { LANGUAGES } from '../../../shared/widget-api'

const KEYS = [
  'articleIntroText',
  'articleLinkText',
  'articleQuestionText',
  'articleHelpedButton',
  'articlePersonButton',
  'articleThanksText',
  'articleRephraseText',
] as const

describe('the default texts of the bot’s article answers', () => {
  it('are the seven texts of an article answer', () => {
    expect(Object.keys(DEFAULT_ARTICLE_TEXTS).sort()).toEqual([...KEYS].sort())
  })

  it('has each text in every language of the widget, and in no other', () => {
    for (const key of KEYS) {
      const texts: Record<string, string | undefined> = DEFAULT_ARTICLE_TEXTS[key]
      for (const lang of LANGUAGES) expect(texts[lang]?.trim(), `${key}.${lang}`).toBeTruthy()
      expect(Object.keys(texts).sort(), key).toEqual([...LANGUAGES].sort())
    }
  })

  it('has each text translated, not the English one copied', () => {
    for (const key of KEYS) {
      const texts: Record<string, string | undefined> = DEFAULT_ARTICLE_TEXTS[key]
      for (const lang of LANGUAGES.filter((lang) => lang !== 'en'))
        expect(texts[lang], `${key}.${lang}`).not.toBe(texts.en)
    }
  })
})
