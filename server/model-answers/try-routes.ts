import { Hono } from 'hono'
import { z } from 'zod'
import { BotSettings } from '../../shared/settings/bot-rules'
import { LanguageTag } from '../../shared/settings/localized-text'
import { MAX_TEXT_LENGTH } from '../../shared/text'
import type { AdminEnv } from '../admin/admin-access'
import { apiError } from '../http/api-error'
import { readJsonRequest } from '../http/json-body'
import { CONSOLE_SOURCE, type ModelAnswers } from './model-answers'

const TryRequest = z.object({
  question: z.string().trim().min(1).max(MAX_TEXT_LENGTH),
  language: LanguageTag,
})

/**
 * The studio's "Ask the bot" console: `POST /admin/api/answers/try` `{question, language}`
 * answers what a visitor's question would get now, with the site's settings in force:
 * the passages retrieved, the written answer or why not, the time and the tokens. It
 * counts toward the daily token budget and /metrics, never toward a conversation's cap
 * or the overview. Mounted behind the admin access check.
 */
export function answersTryRoutes(answers: ModelAnswers, currentBot: () => unknown): Hono<AdminEnv> {
  return new Hono<AdminEnv>().post('/admin/api/answers/try', async (c) => {
    const body = TryRequest.safeParse(await readJsonRequest(c, 16 * 1024))
    if (!body.success)
      throw apiError(
        400,
        'invalid_request',
        `Send {"question": 1–${MAX_TEXT_LENGTH} characters, "language": a language tag such as "en"}.`,
      )
    const settings = BotSettings.safeParse(currentBot() ?? {})
    if (!settings.success)
      throw apiError(409, 'invalid_settings', 'The bot settings in force do not validate.')
    const result = await answers.answer({
      question: body.data.question,
      language: body.data.language,
      settings: settings.data,
      source: CONSOLE_SOURCE,
    })
    return c.json({
      passages: result.passages.map(({ articleId, title, text, score }) => ({
        articleId,
        title,
        text,
        score,
      })),
      answer: result.answer,
      fallback: result.fallback,
      ms: result.ms,
      tokens: result.tokens,
    })
  })
}
