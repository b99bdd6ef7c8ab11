import { z } from 'zod'
import { LanguageTag } from './localized-text'

/** The longest instructions text a site owner may give the model. */
export const MAX_MODEL_INSTRUCTIONS = 1000

/**
 * Answers written by a language model from the site's articles (`bot.modelAnswers`). Only
 * used when the operator configured a model (ANSWERS_LLM_URL); off by default.
 */
export const ModelAnswers = z.strictObject({
  enabled: z.boolean().default(false),
  /** Tone and house rules given to the model with every question. */
  instructions: z
    .string()
    .max(MAX_MODEL_INSTRUCTIONS, `must be at most ${MAX_MODEL_INSTRUCTIONS} characters`)
    .default(''),
  /** The languages the model may answer in; empty: every language. */
  languages: z.array(LanguageTag).default([]),
})
export type ModelAnswers = z.infer<typeof ModelAnswers>

/** `bot.modelAnswers` when the settings say nothing. */
export const DEFAULT_MODEL_ANSWERS: ModelAnswers = ModelAnswers.parse({})
