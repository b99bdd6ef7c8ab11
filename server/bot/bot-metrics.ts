import { oncePerRegistry } from '../metrics/once-per-registry'
import type { Counter } from '../metrics/registry'

/** Each of the bot's article counters: its name and help, none with labels. */
const COUNTERS = {
  articleAnswers: [
    'porthole_bot_article_answers_total',
    'Questions the bot answered with an article (a confident search).',
  ],
  articleHelped: [
    'porthole_bot_article_helped_total',
    'Customers who answered "That helped" to an article the bot offered.',
  ],
  articleRephrases: [
    'porthole_bot_article_rephrase_asks_total',
    'Questions no article answered, where the bot asked to say it differently.',
  ],
  articleMisses: [
    'porthole_bot_article_misses_total',
    'Second questions in a row no article answered: the bot handed over.',
  ],
  articleSearchFailures: [
    'porthole_bot_article_search_failures_total',
    'Article searches that failed or took too long: the bot handed over.',
  ],
} as const

export type BotMetrics = Record<keyof typeof COUNTERS, Counter<never>>

/** The bot's article counters in the app's registry (registered on first use). */
export const createBotMetrics = oncePerRegistry(
  (registry): BotMetrics =>
    Object.fromEntries(
      Object.entries(COUNTERS).map(([key, [name, help]]) => [
        key,
        registry.counter(name, help, []),
      ]),
    ) as BotMetrics,
)
