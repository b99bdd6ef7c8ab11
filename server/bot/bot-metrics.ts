import { oncePerRegistry } from '../metrics/once-per-registry'
import type { Counter } from '../metrics/registry'

export type BotMetrics = {
  articleAnswers: Counter<never>
  articleHelped: Counter<never>
  articleRephrases: Counter<never>
  articleMisses: Counter<never>
  articleSearchFailures: Counter<never>
}

/** The bot's article counters in the app's registry (registered on first use). */
export const createBotMetrics = oncePerRegistry(
  (registry): BotMetrics => ({
    articleAnswers: registry.counter(
      'porthole_bot_article_answers_total',
      'Questions the bot answered with an article (a confident search).',
      [],
    ),
    articleHelped: registry.counter(
      'porthole_bot_article_helped_total',
      'Customers who answered "That helped" to an article the bot offered.',
      [],
    ),
    articleRephrases: registry.counter(
      'porthole_bot_article_rephrase_asks_total',
      'Questions no article answered, where the bot asked to say it differently.',
      [],
    ),
    articleMisses: registry.counter(
      'porthole_bot_article_misses_total',
      'Second questions in a row no article answered: the bot handed over.',
      [],
    ),
    articleSearchFailures: registry.counter(
      'porthole_bot_article_search_failures_total',
      'Article searches that failed or took too long: the bot handed over.',
      [],
    ),
  }),
)
