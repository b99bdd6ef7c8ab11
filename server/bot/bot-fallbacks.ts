import { z } from 'zod'
import { BotSettings, RuleReply } from '../../shared/settings/bot-rules'
import { isModelAnswerFallback } from '../model-answers/answer-message'
import { isArticleFallback } from './article-answer'

/** Texts that may be the fallback of a rich bot message: only these are looked up. */
export type BotFallbacks = { has(text: string): boolean }

const Rules = z.looseObject({ rules: z.array(z.looseObject({ reply: z.unknown() })) })
const known = new WeakMap<object, BotFallbacks>()

function fallbacksOf(bot: unknown): BotFallbacks {
  const texts = new Set<string>()
  for (const rule of Rules.safeParse(bot).data?.rules ?? []) {
    const reply = RuleReply.safeParse(rule.reply).data
    if (reply && reply.type !== 'TEXT') texts.add(reply.text)
  }
  const settings = BotSettings.safeParse(bot ?? {}).data
  return {
    has: (text) =>
      texts.has(text) ||
      (settings !== undefined &&
        (isArticleFallback(settings, text) ||
          (settings.modelAnswers.enabled && isModelAnswerFallback(text)))),
  }
}

const DEFAULTS = fallbacksOf(undefined)

/**
 * The plain-text fallbacks of what Porthole's rules bot can send that shows as more than
 * text, for a settings file's `bot` section (unparsed; read once per section): the
 * BUTTONS and MARKDOWN replies of its rules, and its article answers (which start with
 * the article intro of a language) with their buttons. An A3 text outside them is never
 * looked up, so an agent's message costs no extra store command.
 *
 * @example botFallbacks(settings.bot).has(text)
 */
export function botFallbacks(bot: unknown): BotFallbacks {
  if (typeof bot !== 'object' || bot === null) return DEFAULTS
  const cached = known.get(bot)
  if (cached) return cached
  const fallbacks = fallbacksOf(bot)
  known.set(bot, fallbacks)
  return fallbacks
}
