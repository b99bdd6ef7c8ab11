import { type ChannelMessage, isTypingMessage } from '../../../shared/protocol'
import type { ChatEntry } from '../../sandbox/service/model'
import { BotContent } from './BotContent'
import { DeliveryLogStatus } from './DeliveryLogStatus'
import { formatTime } from './format'
import { MediaView } from './MediaView'

type Props = {
  entry: ChatEntry
  customerName: string
  deliveryAttempts: number
  /** Offered on an agent message that was not delivered; absent when the chat is closed. */
  onResend?: ((message: ChannelMessage) => void) | undefined
}

/** The service gives a resent message a new id. */
function withoutId(message: ChannelMessage): ChannelMessage {
  const { id: _id, ...rest } = message
  return rest
}

/** One message: the customer's on the left, agents' and the bot's on the right. */
export function MessageBubble({ entry, customerName, deliveryAttempts, onResend }: Props) {
  const message = entry.message
  const mine = entry.author !== 'customer'
  const showBotOriginal = entry.botMessage && entry.botMessage.type !== 'TEXT'
  return (
    <li class={`message ${mine ? 'message-out' : 'message-in'} message-${entry.author}`}>
      <div class="bubble">
        <div class="bubble-head">
          <span class="bubble-author">
            {entry.author === 'customer' ? customerName : entry.name}
          </span>
          {entry.author === 'bot' ? <span class="tag tag-bot">Bot</span> : null}
          <time class="bubble-time">{formatTime(entry.at)}</time>
        </div>
        {showBotOriginal && entry.botMessage ? <BotContent message={entry.botMessage} /> : null}
        {message?.type === 'text' ? (
          <p class={`text ${showBotOriginal ? 'fallback' : ''}`}>
            {showBotOriginal ? <span class="small muted">Sent as text: </span> : null}
            {message.text}
          </p>
        ) : null}
        {message && message.type !== 'text' && !isTypingMessage(message) ? (
          <>
            <MediaView message={message} />
            {message.text ? <p class="text caption">{message.text}</p> : null}
          </>
        ) : null}
      </div>
      {entry.delivery ? (
        <span class="delivery-row">
          <DeliveryLogStatus delivery={entry.delivery} attempts={deliveryAttempts} />
          {onResend && message && entry.author === 'agent' && entry.delivery.status === 'failed' ? (
            <button type="button" class="link-button" onClick={() => onResend(withoutId(message))}>
              Send again
            </button>
          ) : null}
        </span>
      ) : null}
    </li>
  )
}
