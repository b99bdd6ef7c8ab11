// Why a question got the article answer (or none) instead of the model's written answer:
// the `fallback` of POST /admin/api/answers/try and the `reason` of
// porthole_answers_llm_fallbacks_total, read by the studio's console and overview.

export const FALLBACK_REASONS = [
  'off',
  'no_model',
  'no_answer',
  'no_citation',
  'bad_citation',
  'bad_link',
  'timeout',
  'rate_limited',
  'server_error',
  'cut_stream',
  'malformed',
  'cap',
  'budget',
] as const
export type FallbackReason = (typeof FALLBACK_REASONS)[number]
