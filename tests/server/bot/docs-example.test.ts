import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseBotSettings } from '../../../server/bot/rules'
import { parseSettings } from '../../../server/config/settings'

// The settings example in the bot's documentation must stay a valid settings file.

const doc = readFileSync(new URL('../../../docs/readme/bot.md', import.meta.url), 'utf8')

describe('docs/readme/bot.md', () => {
  it('its settings-file example is valid for the backend and the bot', () => {
    const block = doc.match(/```json\n([\s\S]*?)```/)?.[1]
    if (block === undefined) throw new Error('no JSON example in docs/readme/bot.md')
    const settings = parseSettings(JSON.parse(block))
    const bot = parseBotSettings(settings.bot)
    expect(bot.rules.map((rule) => rule.reply.type)).toEqual(
      expect.arrayContaining(['TEXT', 'MARKDOWN', 'BUTTONS']),
    )
    expect(new Set(bot.rules.map((rule) => rule.lang))).toEqual(new Set(['en', 'ru']))
  })
})
