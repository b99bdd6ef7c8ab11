import { describe, expect, it } from 'vitest'
import { guessLanguage } from '../../../server/bot/language'
import { fillText, pickText } from '../../../shared/settings/localized-text'

describe('guessLanguage', () => {
  it('reads the script, preferring the site default when it is written in that script', () => {
    expect(guessLanguage('Привет', 'en')).toBe('ru')
    expect(guessLanguage('Привіт', 'uk')).toBe('uk')
    expect(guessLanguage('Hello', 'en')).toBe('en')
    expect(guessLanguage('Hallo', 'de')).toBe('de')
    expect(guessLanguage('Hello', 'ru')).toBe('en')
  })

  it('does not guess for mixed scripts, digits or emoji', () => {
    expect(guessLanguage('Hello Привет', 'en')).toBeUndefined()
    expect(guessLanguage('12345 👍', 'en')).toBeUndefined()
  })
})

describe('pickText and fillText', () => {
  const texts = { en: 'Hello', ru: 'Привет', pt: 'Olá' }

  it('picks the language, its base language, the fallback, then the first', () => {
    expect(pickText(texts, 'ru', 'en')).toBe('Привет')
    expect(pickText(texts, 'pt-BR', 'en')).toBe('Olá')
    expect(pickText(texts, 'de', 'en')).toBe('Hello')
    expect(pickText({ ru: 'Привет' }, 'de', 'en')).toBe('Привет')
    expect(pickText('Same for all', 'ru', 'en')).toBe('Same for all')
  })

  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillText('We will call {contact} {soon}', { contact: '+1 555' })).toBe(
      'We will call +1 555 {soon}',
    )
  })
})
