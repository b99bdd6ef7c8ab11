import { describe, expect, it } from 'vitest'
import { articleAnswer } from '../../../server/bot/article-answer'
import { botFallbacks } from '../../../server/bot/bot-fallbacks'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { plainTextFallback } from '../../../shared/protocol'
import { createSettingsInput } from '../support/rule-factories'

const ARTICLE = {
  id: 'refunds',
  title: 'When will I get my refund?',
  snippet: 'We refund returned items within 5 working days.',
  url: 'https://shop.example/help/refunds',
}

const fallbacksOf = (bot: unknown, language: string) =>
  articleAnswer(parseBotSettings(bot), language, ARTICLE).map((m) => plainTextFallback(m) ?? '')

describe('botFallbacks', () => {
  it('knows the fallbacks of the rules’ BUTTONS and MARKDOWN replies', () => {
    const fallbacks = botFallbacks(createSettingsInput())
    expect(
      fallbacks.has('Where should we deliver? Reply "City" or "Country", or ask for an agent.'),
    ).toBe(true)
    expect(fallbacks.has('We are open Monday to Friday, 9:00 to 18:00.')).toBe(false)
  })

  it('knows the article answers and their buttons, in each language, without a bot section too', () => {
    for (const bot of [undefined, createSettingsInput()])
      for (const language of ['en', 'ru', 'de']) {
        const [answer, buttons] = fallbacksOf(bot, language)
        expect(botFallbacks(bot).has(answer ?? ''), `${language} answer`).toBe(true)
        expect(botFallbacks(bot).has(buttons ?? ''), `${language} buttons`).toBe(true)
      }
  })

  it('knows the site owner’s own article texts', () => {
    const bot = { articleIntroText: 'From our help centre:', articleQuestionText: 'Helpful?' }
    const [answer, buttons] = fallbacksOf(bot, 'en')
    expect(answer?.startsWith('From our help centre:\n\n')).toBe(true)
    expect(botFallbacks(bot).has(answer ?? '')).toBe(true)
    expect(botFallbacks(bot).has(buttons ?? '')).toBe(true)
  })

  it('does not take an agent’s text for an article answer', () => {
    const fallbacks = botFallbacks(undefined)
    expect(fallbacks.has('This article may answer your question: the refunds one')).toBe(false)
    expect(fallbacks.has('Did this answer your question?')).toBe(false)
  })
})
