import { describe, expect, it } from 'vitest'
import { BotSettings } from '../../../shared/settings/bot-rules'
import { checkSettings } from '../../../shared/settings/settings-file'

describe('bot.modelAnswers', () => {
  it('is off by default, with no instructions and every language', () => {
    expect(BotSettings.parse({}).modelAnswers).toEqual({
      enabled: false,
      instructions: '',
      languages: [],
    })
  })

  it('reads what the site owner sets', () => {
    const bot = BotSettings.parse({
      modelAnswers: { enabled: true, instructions: 'Be brief.', languages: ['en', 'pt-BR'] },
    })
    expect(bot.modelAnswers).toEqual({
      enabled: true,
      instructions: 'Be brief.',
      languages: ['en', 'pt-BR'],
    })
  })

  it('refuses instructions past 1000 characters, bad languages and unknown keys', () => {
    const result = checkSettings({
      bot: {
        modelAnswers: {
          enabled: true,
          instructions: 'x'.repeat(1001),
          languages: ['English'],
          x: 1,
        },
      },
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    const paths = result.problems.map((p) => p.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'bot.modelAnswers.instructions',
        'bot.modelAnswers.languages.0',
        'bot.modelAnswers',
      ]),
    )
  })
})
