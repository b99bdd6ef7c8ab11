import { oncePerRegistry } from '../metrics/once-per-registry'
import type { Counter, Histogram } from '../metrics/registry'

export type ModelMetrics = {
  calls: Counter<never>
  fallbacks: Counter<'reason'>
  tokens: Counter<'direction'>
  latency: Histogram<never>
  helped: Counter<never>
}

/** The model answers' metrics in the app's registry (registered on first use). */
export const modelMetrics = oncePerRegistry(
  (registry): ModelMetrics => ({
    calls: registry.counter(
      'porthole_answers_llm_calls_total',
      'Requests to the language model for a written answer (the studio console included).',
      [],
    ),
    fallbacks: registry.counter(
      'porthole_answers_llm_fallbacks_total',
      'Questions that got the article answer instead of a written one, by reason.',
      ['reason'],
    ),
    tokens: registry.counter(
      'porthole_answers_llm_tokens_total',
      'Tokens of the model calls, sent (in) and received (out), as the model reported them.',
      ['direction'],
    ),
    latency: registry.histogram(
      'porthole_answers_llm_latency_seconds',
      'Time from the request to the model to its whole answer.',
      [0.25, 0.5, 1, 2, 4, 8, 16, 30],
      [],
    ),
    helped: registry.counter(
      'porthole_answers_llm_helped_total',
      'Visitors who answered "That helped" to a written answer.',
      [],
    ),
  }),
)
