import { describe, expect, it } from 'vitest'
import { botFallbacks } from '../../../server/bot/bot-fallbacks'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import {
  isModelAnswerFallback,
  modelAnswerMessages,
} from '../../../server/model-answers/answer-message'
import { createPassage } from '../support/model-brain'

const settings = parseBotSettings({})
const RETURNS = createPassage('returns', 'Thirty days.', 'Returns (and refunds)')

describe('the written answer’s messages', () => {
  it('links each cited article in the Markdown and lists its address in the fallback', () => {
    const [answer] =
      modelAnswerMessages(
        settings,
        'en',
        'You have _30 days_, see [returns](https://shop.example/help/returns).',
        [RETURNS],
      ) ?? []
    expect(answer).toEqual({
      type: 'MARKDOWN',
      content:
        'You have _30 days_, see [returns](https://shop.example/help/returns).\n\n[Returns \\(and refunds\\)](https://shop.example/help/returns)',
      text: 'You have 30 days, see returns (https://shop.example/help/returns).\n\nhttps://shop.example/help/returns',
    })
  })

  it('is no message when the fallback would pass one chat message', () => {
    expect(modelAnswerMessages(settings, 'en', 'word '.repeat(250), [RETURNS])).toBeUndefined()
  })

  it('its fallback is looked up for the Markdown only with model answers on', () => {
    const [answer] = modelAnswerMessages(settings, 'en', 'Thirty days.', [RETURNS]) ?? []
    const text = answer?.type === 'MARKDOWN' ? (answer.text ?? '') : ''
    expect(isModelAnswerFallback(text)).toBe(true)
    expect(isModelAnswerFallback('See https://shop.example for more.')).toBe(false)
    expect(botFallbacks({ modelAnswers: { enabled: true } }).has(text)).toBe(true)
    expect(botFallbacks({ modelAnswers: { enabled: false } }).has(text)).toBe(false)
  })
})
