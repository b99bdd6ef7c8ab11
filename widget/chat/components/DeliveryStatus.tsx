import type { ChatStrings } from '../../i18n/chat-strings'

export type OwnState = 'sending' | 'sent' | 'failed'

interface Props {
  state: OwnState
  error?: string
  strings: ChatStrings
  onRetry: () => void
}

/** Sending / sent / failed under the customer's own message, with a retry when it failed. */
export function DeliveryStatus({ state, error, strings, onRetry }: Props) {
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
  return <span class="ph-status">{state === 'sent' ? strings.sent : strings.sending}</span>
}
