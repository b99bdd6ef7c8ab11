import type { RichReplies } from '../rich-replies/rich-replies'
import { describeError } from './logger'
import { toMessagePayload } from './outgoing'
import type { BotEventHandler } from './provider'

/**
 * The bot's event handler with every BUTTONS and MARKDOWN reply remembered before it is
 * sent (its fallback may come back by A3 before B1 answers), and forgotten when an agent
 * joins or the chat closes: from then on an equal text is an agent's. A store failure
 * only costs the look: the message is sent all the same and shows as plain text.
 *
 * @example createBotProvider({ ...options, onEvent: withRichReplies(brain, richReplies) })
 */
export function withRichReplies(
  onEvent: BotEventHandler,
  rich: RichReplies | undefined,
): BotEventHandler {
  if (!rich) return onEvent
  return async (event, ctx) => {
    const clientId = event.client_id
    if (clientId && (event.event === 'AGENT_JOINED' || event.event === 'CHAT_CLOSED'))
      await rich.forget(clientId).catch((error: unknown) => {
        ctx.logger.warn('bot: forgetting the buttons sent to a chat failed', {
          chatId: ctx.chatId,
          error: describeError(error),
        })
      })
    if (!clientId) return onEvent(event, ctx)
    return onEvent(event, {
      ...ctx,
      async reply(message) {
        await rich.remember(clientId, toMessagePayload(message)).catch((error: unknown) => {
          ctx.logger.warn('bot: remembering buttons or Markdown failed; they show as plain text', {
            chatId: ctx.chatId,
            error: describeError(error),
          })
        })
        return ctx.reply(message)
      },
    })
  }
}
