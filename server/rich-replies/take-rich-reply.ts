import type { EntryContent } from '../../shared/widget-api'
import type { BotFallbacks } from '../bot/bot-fallbacks'
import type { Logger } from '../logging/logger'
import type { RichReplies, TakenRichReply } from './rich-replies'

/**
 * The look of Porthole's bot's message an A3 text is the fallback of, taken, or
 * undefined: for anything but text, for a text that is none of the bot's fallbacks
 * (`fallbacks`: no store command then), for one the bot did not send to this customer,
 * and when the store cannot tell (the message is stored as plain text all the same).
 *
 * @example const taken = await takeRichReply(rich, botFallbacks(settings.bot), recipientId, content, log)
 */
export async function takeRichReply(
  rich: RichReplies,
  fallbacks: BotFallbacks,
  recipientId: string,
  content: EntryContent,
  log: Pick<Logger, 'warn'>,
): Promise<TakenRichReply | undefined> {
  if (content.type !== 'text' || !fallbacks.has(content.text)) return undefined
  try {
    return await rich.take(recipientId, content.text)
  } catch (error) {
    log.warn('agent message: the bot’s buttons or Markdown could not be looked up; shown as text', {
      error,
    })
    return undefined
  }
}
