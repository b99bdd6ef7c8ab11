import { maskSecrets } from '../../shared/privacy/mask-secrets'
import type { ClientMessageEvent } from '../../shared/protocol/bot'

/**
 * The customer's message as the bot reads it: card numbers and IBANs hidden, as the widget
 * and the backend hide them, so a message that reached the service another way (another
 * channel, an old widget) cannot put one in the bot's state, its unanswered questions or
 * its logs.
 *
 * @example decide(settings, matcher, chat, maskedClientMessage(event).message)
 */
export function maskedClientMessage(event: ClientMessageEvent): ClientMessageEvent {
  const text = event.message.text
  if (text === undefined) return event
  const masked = maskSecrets(text).text
  return masked === text ? event : { ...event, message: { ...event.message, text: masked } }
}
