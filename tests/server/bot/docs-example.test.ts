import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { parseSettings } from '../../../server/settings/load-settings'

// The settings example in the bot's page (docs/integrators/bot.md) must stay a valid settings file.

const readme = readFileSync(new URL('../../../docs/integrators/bot.md', import.meta.url), 'utf8')
const HEADING = '## The `bot` section of the settings file'

describe('the bot page’s settings example', () => {
  it('is valid for the backend and the bot', () => {
    const section = readme.slice(readme.indexOf(HEADING))
    const block = readme.includes(HEADING)
      ? section.match(/```json\n([\s\S]*?)```/)?.[1]
      : undefined
    if (block === undefined)
      throw new Error(`no JSON example under "${HEADING}" in docs/integrators/bot.md`)
    const settings = parseSettings(JSON.parse(block))
    const bot = parseBotSettings(settings.bot)
    expect(bot.rules.map((rule) => rule.reply.type)).toEqual(
      expect.arrayContaining(['TEXT', 'MARKDOWN', 'BUTTONS']),
    )
    expect(new Set(bot.rules.map((rule) => rule.lang))).toEqual(new Set(['en', 'ru']))
  })
})
