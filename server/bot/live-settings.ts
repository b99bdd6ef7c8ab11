import { BotSettings } from '../../shared/settings/bot-rules'
import type { BotLogger } from './logger'

/**
 * The bot's rules as they are now: `current()` is read on each event; a new section is
 * parsed once (the settings studio already validated it). One that no longer parses
 * (saved by another version of Porthole) keeps the rules before it, with an error logged.
 *
 * @example createRulesBrain({ settings: liveBotSettings(parsed, raw, () => provider.current().bot, logger), ... })
 */
export function liveBotSettings(
  initial: BotSettings,
  initialRaw: unknown,
  current: () => unknown,
  logger: BotLogger,
): () => BotSettings {
  let raw = initialRaw
  let settings = initial
  return () => {
    const next = current()
    if (next === raw) return settings
    raw = next
    const parsed = BotSettings.safeParse(next ?? {})
    if (parsed.success) settings = parsed.data
    else
      logger.error('bot: the saved bot rules do not parse; keeping the previous ones', {
        problem: parsed.error.issues[0]?.message,
      })
    return settings
  }
}
