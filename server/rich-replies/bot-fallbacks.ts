import { z } from 'zod'
import { RuleReply } from '../../shared/settings/bot-rules'

const Rules = z.looseObject({ rules: z.array(z.looseObject({ reply: z.unknown() })) })
const EMPTY: ReadonlySet<string> = new Set()
const known = new WeakMap<object, ReadonlySet<string>>()

/**
 * The plain-text fallbacks of the BUTTONS and MARKDOWN replies in a settings file's `bot`
 * section (unparsed; read once per section): the only texts Porthole's rules bot can send
 * that show as more than text. An A3 text outside this set is never looked up, so an
 * agent's message costs no extra store command.
 *
 * @example botFallbacks(settings.bot).has(text)
 */
export function botFallbacks(bot: unknown): ReadonlySet<string> {
  if (typeof bot !== 'object' || bot === null) return EMPTY
  const cached = known.get(bot)
  if (cached) return cached
  const texts = new Set<string>()
  for (const rule of Rules.safeParse(bot).data?.rules ?? []) {
    const reply = RuleReply.safeParse(rule.reply).data
    if (reply && reply.type !== 'TEXT') texts.add(reply.text)
  }
  known.set(bot, texts)
  return texts
}
