import type { ChatStrings } from '../../i18n/chat-strings'
import type { Delivery } from '../model/message-state'

interface Props {
  delivery: Delivery
  strings: ChatStrings
  onRetry: () => void
  onSendNow: () => void
}

/**
 * The mark under the customer's own message: sending (queued here or pending on the
 * backend), delayed with "Send now", sent, or not sent with the reason and "Retry".
 */
export function DeliveryStatus({ delivery: { state, error }, strings, onRetry, onSendNow }: Props) {
  if (state === 'failed') {
    return (
      <span class="ph-status ph-failed" role="alert">
        {strings.failed}
        {error ? `: ${error}` : ''}{' '}
        <button type="button" class="ph-retry" onClick={onRetry}>
          {strings.retry}
        </button>
      </span>
    )
  }
  if (state === 'delayed') {
    return (
      <span class="ph-status ph-delayed">
        {strings.delayed}{' '}
        <button type="button" class="ph-retry" onClick={onSendNow}>
          {strings.sendNow}
        </button>
      </span>
    )
  }
  return <span class="ph-status">{state === 'sent' ? strings.sent : strings.sending}</span>
}
