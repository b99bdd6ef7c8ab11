import { describe, expect, it } from 'vitest'
import { createMatcher, keywordPattern, normalizeText } from '../../../server/bot/matcher'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { createRuleInput, createSettingsInput } from '../support/rule-factories'

describe('keywordPattern', () => {
  it('matches whole words and phrases only, whatever the case or spacing', () => {
    const hours = keywordPattern('Opening Hours')
    expect(hours.test(normalizeText('What are your opening   hours?'))).toBe(true)
    expect(hours.test(normalizeText('OPENING HOURS'))).toBe(true)
    expect(hours.test(normalizeText('reopening hours'))).toBe(false)
    expect(keywordPattern('hi').test(normalizeText('this'))).toBe(false)
    expect(keywordPattern('hi').test(normalizeText('hi!'))).toBe(true)
  })

  it('a trailing * matches any word ending (Russian word forms)', () => {
    const price = keywordPattern('цен*')
    for (const text of ['Какая цена?', 'по ценам', 'ЦЕНОЙ'])
      expect(price.test(normalizeText(text))).toBe(true)
    expect(price.test(normalizeText('бесценный'))).toBe(false)
  })

  it('treats ё as е and escapes regex characters in keywords', () => {
    expect(keywordPattern('ещё').test(normalizeText('еще раз'))).toBe(true)
    expect(keywordPattern('c++').test(normalizeText('do you use c++ here'))).toBe(true)
    expect(keywordPattern('a.b').test(normalizeText('axb'))).toBe(false)
  })
})

describe('createMatcher', () => {
  const matcher = createMatcher(parseBotSettings(createSettingsInput()))

  it('finds the first matching rule by keyword or by regular expression', () => {
    expect(matcher.findRule('When are you open?')?.name).toBe('opening-hours')
    expect(matcher.findRule('До скольки работаете?')?.name).toBe('часы')
    expect(matcher.findRule('What does it COST?')?.name).toBe('prices')
    expect(matcher.findRule('how much is it')?.name).toBe('prices')
    expect(matcher.findRule('Do you sell bikes?')).toBeUndefined()
  })

  it('prefers rules in file order', () => {
    const ordered = createMatcher(
      parseBotSettings({
        rules: [
          createRuleInput({ name: 'first', keywords: ['order'] }),
          createRuleInput({ name: 'second', keywords: ['order status'] }),
        ],
      }),
    )
    expect(ordered.findRule('my order status')?.name).toBe('first')
  })

  it('recognises a request for a person and its language, with the default phrases', () => {
    expect(matcher.handoverLanguage('Can I talk to a human please')).toBe('en')
    expect(matcher.handoverLanguage('Позовите оператора')).toBe('ru')
    expect(matcher.handoverLanguage('хочу поговорить с человеком')).toBe('ru')
    expect(matcher.handoverLanguage('When are you open?')).toBeUndefined()
  })

  it('uses the configured hand-over phrases instead of the defaults', () => {
    const custom = createMatcher(parseBotSettings({ handoverPhrases: { de: ['mitarbeiter'] } }))
    expect(custom.handoverLanguage('Einen Mitarbeiter bitte')).toBe('de')
    expect(custom.handoverLanguage('operator')).toBeUndefined()
  })

  it('finds buttons with an id by their text and rules by name', () => {
    expect(matcher.buttonByText('  city ')?.id).toBe('delivery-city')
    expect(matcher.buttonByText('Talk to a person')?.id).toBe('handover')
    expect(matcher.buttonByText('Town')).toBeUndefined()
    expect(matcher.ruleByName('delivery-country')?.reply).toEqual({
      type: 'TEXT',
      text: 'Two to five days.',
    })
  })
})
