import type { MailSummary } from '../../sandbox/mail/mailbox'
import { formatTime } from './format'

type Props = {
  messages: MailSummary[]
  selectedId: string | undefined
  onSelect: (id: string) => void
}

/** The e-mails the sandbox received, newest first. */
export function MailList({ messages, selectedId, onSelect }: Props) {
  if (messages.length === 0) {
    return <p class="muted small mail-empty">No e-mail yet. E-mails Porthole sends appear here.</p>
  }
  return (
    <ul class="mail-list">
      {messages.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            class={`mail-item${message.id === selectedId ? ' selected' : ''}`}
            aria-current={message.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(message.id)}
          >
            <span class="mail-item-top">
              <strong>{message.to || '(no recipient)'}</strong>
              <span class="muted small">{formatTime(message.receivedAt)}</span>
            </span>
            <span class="mail-item-subject">{message.subject || '(no subject)'}</span>
            <span class="muted small">from {message.from}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
