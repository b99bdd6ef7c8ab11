import type { MailSummary } from '../../sandbox/mail/model'
import { formatTime } from './format'

type Props = {
  mail: MailSummary[]
  selectedId: string | undefined
  onSelect: (id: string) => void
}

/** The mailbox's e-mails, newest first: subject, recipient, time and replies sent. */
export function MailList({ mail, selectedId, onSelect }: Props) {
  return (
    <nav class="chat-list" aria-label="E-mails">
      <section class="chat-section" aria-label="Mailbox">
        <h2>
          Mailbox <span class="count">{mail.length}</span>
        </h2>
        {mail.length === 0 ? (
          <p class="muted small">No e-mail yet</p>
        ) : (
          <ul>
            {mail.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  class={`chat-item ${item.id === selectedId ? 'is-selected' : ''}`}
                  aria-current={item.id === selectedId}
                  onClick={() => onSelect(item.id)}
                >
                  <span class="chat-item-body">
                    <span class="chat-item-top">
                      <span class="chat-item-name">{item.subject || '(no subject)'}</span>
                      <span class="chat-item-time">{formatTime(item.receivedAt)}</span>
                    </span>
                    <span class="chat-item-preview">To {item.envelopeTo.join(', ')}</span>
                    {item.replies.length > 0 ? (
                      <span class="chat-item-meta">
                        {item.replies.at(-1)?.error ? (
                          <span class="pill pill-queued">Reply not taken</span>
                        ) : (
                          <span class="pill pill-active">
                            Replied{item.replies.length > 1 ? ` ×${item.replies.length}` : ''}
                          </span>
                        )}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </nav>
  )
}
