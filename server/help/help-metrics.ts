import { oncePerRegistry } from '../metrics/once-per-registry'

/** The help's Prometheus metrics (counted on this instance; the stats route sums every instance). */
export const helpMetrics = oncePerRegistry((registry) => {
  let readArticles = () => 0
  registry.gauge(
    'porthole_help_articles',
    "Published help articles in this instance's index.",
    () => readArticles(),
  )
  return {
    searches: registry.counter('porthole_help_searches_total', 'Help searches answered.', []),
    suggestionsShown: registry.counter(
      'porthole_help_suggestions_shown_total',
      'Times the widget showed article suggestions.',
      [],
    ),
    articlesOpened: registry.counter(
      'porthole_help_articles_opened_total',
      'Help articles opened by visitors.',
      [],
    ),
    helpful: registry.counter(
      'porthole_help_helpful_total',
      'Answers to "Did this answer your question?", by answer.',
      ['helpful'],
    ),
    deflections: registry.counter(
      'porthole_help_deflections_total',
      'Articles that answered: opened and no message within 10 minutes, or "That helped".',
      [],
    ),
    unanswered: registry.counter(
      'porthole_help_unanswered_total',
      'Questions searched that found no confident article.',
      [],
    ),
    setArticles(read: () => number) {
      readArticles = read
    },
  }
})

export type HelpMetrics = ReturnType<typeof helpMetrics>
