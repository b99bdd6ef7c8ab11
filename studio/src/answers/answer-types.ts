// What the studio reads from the model answers' admin API (/admin/api/answers*).

import type { FallbackReason } from '../../../shared/model-answers/fallback-reasons'

export {
  FALLBACK_REASONS,
  type FallbackReason,
} from '../../../shared/model-answers/fallback-reasons'

/** A passage the articles' search gave the model. */
export interface Passage {
  articleId: string
  title: string
  text: string
  score: number
}

/** POST /admin/api/answers/try: what the bot would do with one question now. */
export interface TriedAnswer {
  passages: Passage[]
  answer: { markdown: string; citations: string[] } | null
  /** null when the model's answer went out. */
  fallback: FallbackReason | null
  /** How long it took, in milliseconds. */
  ms: number
  tokens: { in: number; out: number }
}

/** GET /admin/api/answers: what the backend has for model answers. */
export interface ModelState {
  /** Whether the operator set a model (ANSWERS_LLM_URL and ANSWERS_LLM_MODEL). */
  modelConfigured: boolean
}
