import type { z } from 'zod'
import type { BotRule } from '../../../shared/settings/bot-rules'

type RuleInput = z.input<typeof BotRule>

/** A valid rule as written in the settings file. */
export function createRuleInput(overrides: Partial<RuleInput> = {}): RuleInput {
  return {
    name: 'opening-hours',
    keywords: ['open', 'hours'],
    reply: 'We are open Monday to Friday, 9:00 to 18:00.',
    ...overrides,
  }
}

/** A settings-file `bot` section with EN and RU rules, a BUTTONS and a MARKDOWN reply. */
export function createSettingsInput(overrides: Record<string, unknown> = {}) {
  return {
    greeting: { en: 'Hello! I am the shop bot.', ru: 'Здравствуйте! Я бот магазина.' },
    rules: [
      createRuleInput({ lang: 'en' }),
      createRuleInput({
        name: 'часы',
        lang: 'ru',
        keywords: ['работаете', 'час*'],
        reply: 'Мы работаем с 9 до 18.',
      }),
      createRuleInput({
        name: 'delivery',
        lang: 'en',
        keywords: ['delivery', 'shipping'],
        reply: {
          type: 'BUTTONS',
          title: 'Where should we deliver?',
          text: 'Where should we deliver? Reply "City" or "Country", or ask for an agent.',
          buttons: [
            { id: 'delivery-city', text: 'City' },
            { id: 'delivery-country', text: 'Country' },
            { id: 'handover', text: 'Talk to a person' },
          ],
        },
      }),
      createRuleInput({
        name: 'delivery-city',
        lang: 'en',
        keywords: [],
        reply: 'Same-day delivery in the city.',
      }),
      createRuleInput({
        name: 'delivery-country',
        lang: 'en',
        keywords: [],
        reply: 'Two to five days.',
      }),
      createRuleInput({
        name: 'prices',
        lang: 'en',
        keywords: [],
        patterns: ['\\b(price|cost)s?\\b', 'how much'],
        reply: {
          type: 'MARKDOWN',
          content: 'See **our prices** at [example.com/prices](https://example.com/prices)',
          text: 'See our prices at https://example.com/prices',
        },
      }),
    ],
    ...overrides,
  }
}
