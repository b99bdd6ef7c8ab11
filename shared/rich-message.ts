import { z } from 'zod'
import { type BotMessagePayload, MAX_BUTTONS, plainTextFallback } from './protocol/bot'
import { MAX_TEXT_LENGTH } from './text'

// What the widget shows instead of a bot's plain-text fallback when Porthole's own bot
// sent a BUTTONS or MARKDOWN message (spec 2.6): ConversationEntry.rich.

/** The longest Markdown or heading kept (longer ones stay plain text). */
export const MAX_RICH_TEXT_LENGTH = 4000

/** One quick reply: a tap sends `text` as the customer's message. */
export const RichButton = z.object({
  id: z.string().max(200).optional(),
  text: z.string().min(1).max(MAX_TEXT_LENGTH),
})
export type RichButton = z.infer<typeof RichButton>

export const RICH_TYPES = ['buttons', 'markdown'] as const
export type RichType = (typeof RICH_TYPES)[number]

/**
 * `buttons`: `text` is the message's heading (its title, else the fallback) and the
 * quick replies under it; `markdown`: `text` is the Markdown of the spec's first version
 * (links, bold, italic).
 */
export const RichMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('buttons'),
    text: z.string().min(1).max(MAX_RICH_TEXT_LENGTH),
    buttons: z.array(RichButton).min(1).max(MAX_BUTTONS),
  }),
  z.object({
    type: z.literal('markdown'),
    text: z.string().min(1).max(MAX_RICH_TEXT_LENGTH),
  }),
])
export type RichMessage = z.infer<typeof RichMessage>

/**
 * What a bot message looks like in Porthole's widget, with the exact text the service
 * sends to chat channels instead (its fallback): undefined for TEXT, for a message
 * without fallback (the service does not send it to chat channels) and for one too large.
 *
 * @example richOf({ type: 'MARKDOWN', content: '**Hi**', text: 'Hi' }) // { fallback: 'Hi', rich: { type: 'markdown', text: '**Hi**' } }
 */
export function richOf(
  message: BotMessagePayload,
): { fallback: string; rich: RichMessage } | undefined {
  if (message.type === 'TEXT') return undefined
  const fallback = plainTextFallback(message)
  if (fallback === undefined) return undefined
  const rich =
    message.type === 'MARKDOWN'
      ? { type: 'markdown', text: message.content }
      : {
          type: 'buttons',
          text: message.title?.trim() || fallback,
          buttons: message.buttons.map((button) => ({
            text: button.text,
            ...(button.id !== undefined ? { id: button.id } : {}),
          })),
        }
  const parsed = RichMessage.safeParse(rich)
  return parsed.success ? { fallback, rich: parsed.data } : undefined
}
