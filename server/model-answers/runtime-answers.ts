import type { Config } from '../config/config'
import type { Help } from '../help/help-service'
import type { Logger } from '../logging/logger'
import type { MetricsRegistry } from '../metrics/registry'
import type { Records, Store } from '../store/types'
import { createDailyBudget } from './daily-budget'
import { createModelAnswers, type ModelAnswers } from './model-answers'

/**
 * The backend's model answers: off (every answer 'no_model') without ANSWERS_LLM_URL;
 * passages from the help's search, the daily budget in the store.
 */
export function createRuntimeAnswers(deps: {
  config: Pick<Config, 'answersLlm'>
  store: Records & Pick<Store, 'sharedCounters'>
  help: Pick<Help, 'passages' | 'count'>
  fetch: typeof fetch
  registry: MetricsRegistry
  logger: Logger
  now: () => number
  mask: (text: string) => string
}): ModelAnswers {
  const llm = deps.config.answersLlm
  return createModelAnswers({
    config: llm,
    passages: (question, request) => deps.help.passages(question, request),
    budget: llm
      ? createDailyBudget({
          store: deps.store,
          limit: llm.dailyTokens,
          now: deps.now,
          logger: deps.logger,
        })
      : undefined,
    fetch: deps.fetch,
    registry: deps.registry,
    logger: deps.logger,
    now: deps.now,
    mask: deps.mask,
    count: deps.help.count,
  })
}
