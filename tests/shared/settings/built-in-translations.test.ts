import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { parseSettings } from '../../../server/settings/load-settings'
import { languagesLacking } from '../../../shared/settings/built-in-translations'
import { DEFAULT_TEXTS } from '../../../shared/settings/default-texts'
import { pickText } from '../../../shared/settings/localized-text'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { WIDGET_OFFLINE_TEXT } from '../../../shared/settings/widget-default-texts'
import { LANGUAGES } from '../../../shared/widget-api'
import { EN_CHAT_STRINGS } from '../../../widget/i18n/chat-strings'

// Issue 35, defect 7: the owner's text in some languages no longer hides the built-in
// translations from the others where the owner kept the default text.

const demo: { bot: unknown } = JSON.parse(
  readFileSync(new URL('../../../demo/porthole.config.json', import.meta.url), 'utf8'),
)
const say = (text: Parameters<typeof pickText>[0], lang: string) => pickText(text, lang, 'en')

describe('the bot’s texts for a visitor whose language the owner did not write', () => {
  const bot = parseBotSettings(demo.bot)

  it('are the built-in translations where the demo kept the default English (de, ar, ja)', () => {
    for (const lang of ['de', 'ar', 'ja'] as const) {
      expect(bot.handoverText === false ? '' : say(bot.handoverText, lang), lang).toBe(
        DEFAULT_TEXTS.handoverText[lang],
      )
      expect(say(bot.contactThanksText, lang), lang).toBe(DEFAULT_TEXTS.contactThanksText[lang])
      // Texts the demo never set are the defaults in every language.
      expect(say(bot.contactRetryText, lang), lang).toBe(DEFAULT_TEXTS.contactRetryText[lang])
    }
  })

  it('stay the owner’s English where the owner wrote their own English text', () => {
    const custom =
      'No agent is online right now. Leave your email or phone number and we will get back to you.'
    expect(say(bot.noAgentText, 'de')).toBe(custom)
    expect(say(bot.noAgentText, 'ru')).toBe(
      'Сейчас нет операторов в сети. Оставьте email или телефон, и мы с вами свяжемся.',
    )
  })

  it('are the owner’s in the languages they wrote, and built-in where they wrote no English', () => {
    const settings = parseBotSettings({
      noAgentText: { ru: 'Никого нет' },
      contactThanksText: 'Thanks!',
    })
    expect(say(settings.noAgentText, 'ru')).toBe('Никого нет')
    expect(say(settings.noAgentText, 'de')).toBe(DEFAULT_TEXTS.noAgentText.de)
    expect(say(settings.noAgentText, 'en')).toBe(DEFAULT_TEXTS.noAgentText.en)
    // One custom text for all: the owner's words in every language.
    expect(say(settings.contactThanksText, 'ja')).toBe('Thanks!')
  })
})

describe('the widget’s offline text for a visitor whose language the owner did not write', () => {
  const config = (offlineText: unknown, lang: string) =>
    publicConfigOf(parseSettings({ offlineText }), lang, 0).offlineText

  it('is left to the widget’s own translation where the owner kept the default', () => {
    const kept = { en: WIDGET_OFFLINE_TEXT.en, ru: 'Нас сейчас нет' }
    for (const lang of ['de', 'ar', 'ja']) expect(config(kept, lang), lang).toBeUndefined()
    expect(config(kept, 'ru')).toBe('Нас сейчас нет')
    expect(config({ ru: 'Нас сейчас нет' }, 'de')).toBeUndefined()
    expect(config(WIDGET_OFFLINE_TEXT.en, 'de')).toBeUndefined()
  })

  it('is the owner’s own English text where they wrote one', () => {
    expect(config({ en: 'Back at nine', ru: 'Вернёмся в девять' }, 'de')).toBe('Back at nine')
    expect(config('Back at nine', 'ja')).toBe('Back at nine')
  })

  it('knows the widget’s English default', () => {
    expect(WIDGET_OFFLINE_TEXT.en).toBe(EN_CHAT_STRINGS.offlineIntro)
  })
})

describe('languagesLacking (the studio’s line under a text)', () => {
  it('lists the languages neither the owner nor the built-in texts cover', () => {
    const builtIn = DEFAULT_TEXTS.noAgentText
    expect(languagesLacking({ en: builtIn.en, ru: 'x' }, LANGUAGES, builtIn)).toEqual([])
    expect(languagesLacking({ en: 'Own words', ru: 'x' }, LANGUAGES, builtIn)).toEqual(
      LANGUAGES.filter((lang) => lang !== 'en' && lang !== 'ru'),
    )
    expect(languagesLacking({ en: 'Hi', de: 'Hallo' }, ['en', 'de', 'ja'])).toEqual(['ja'])
    expect(languagesLacking('One text', LANGUAGES)).toEqual([])
    expect(languagesLacking(undefined, LANGUAGES)).toEqual([])
  })
})
