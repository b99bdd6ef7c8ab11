import { useState } from 'preact/hooks'
import type { MailReply } from '../../sandbox/mail/model'
import { formatTime } from './format'

type Props = {
  replies: MailReply[]
  canReply: boolean
  replyTo: string | undefined
  onReply: (text: string) => Promise<boolean>
}

function outcome(reply: MailReply): string {
  if (reply.error) return reply.error
  return `Porthole took it (HTTP ${reply.status})`
}

/** "Reply as the visitor": the text goes to Porthole's inbound route as the visitor's e-mail. */
export function MailReplyForm({ replies, canReply, replyTo, onReply }: Props) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const reason = !canReply
    ? "Porthole's inbound route is not configured: set INBOUND_EMAIL_SECRET and EMAIL_REPLY_DOMAIN (npm start does)."
    : !replyTo
      ? 'This e-mail has no Reply-To: Porthole sends one when EMAIL_REPLY_DOMAIN is set.'
      : undefined
  const submit = async (event: Event) => {
    event.preventDefault()
    setSending(true)
    if (await onReply(text)) setText('')
    setSending(false)
  }
  return (
    <form class="composer mail-reply" onSubmit={submit}>
      {replies.length > 0 ? (
        <ul class="mail-replies" aria-label="Replies sent">
          {replies.map((reply) => (
            <li key={reply.at} class={reply.error ? 'delivery-failed' : 'delivery-ok'}>
              <span class="small muted">{formatTime(reply.at)} · </span>
              <span class="small">{outcome(reply)}</span>
              <span class="mail-reply-text">{reply.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {reason ? <p class="composer-note small muted">{reason}</p> : null}
      <div class="composer-row">
        <label class="visually-hidden" for="mail-reply-text">
          Reply as the visitor
        </label>
        <textarea
          id="mail-reply-text"
          rows={2}
          placeholder={replyTo ? `Reply to ${replyTo}` : 'Reply as the visitor'}
          value={text}
          disabled={reason !== undefined}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <button
          type="submit"
          class="button primary"
          disabled={reason !== undefined || sending || text.trim() === ''}
        >
          Reply as the visitor
        </button>
      </div>
    </form>
  )
}
