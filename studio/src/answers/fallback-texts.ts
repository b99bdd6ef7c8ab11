import type { FallbackReason } from './answer-types'

/** What each fallback reason means to a site owner, as the console and the overview say it. */
export const FALLBACK_TEXTS: Readonly<Record<FallbackReason, string>> = {
  off: 'Written answers are off in the saved settings, or not for this language',
  no_model: 'No model is configured on the server',
  no_answer: 'The model found no answer in the passages',
  no_citation: 'The answer cited no passage',
  bad_citation: 'The answer cited a passage it was not given',
  bad_link: 'The answer had a link that is not in the cited articles',
  timeout: 'The model took too long',
  rate_limited: 'The model’s service asked to slow down (429)',
  server_error: 'The model’s service failed (5xx)',
  cut_stream: 'The model’s answer was cut off',
  malformed: 'The model’s service sent something unreadable',
  cap: 'The conversation reached its number of model answers',
  budget: 'The day’s token budget is spent',
}
