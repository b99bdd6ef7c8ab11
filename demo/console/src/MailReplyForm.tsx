import { useState } from 'preact/hooks'
import type { ReplyOutcome } from './mail-api'

type Props = {
  /** Replies by e-mail are on in the backend (EMAIL_REPLY_DOMAIN, INBOUND_EMAIL_SECRET). */
  enabled: boolean
  hasReplyTo: boolean
  onReply: (text: string) => Promise<ReplyOutcome | undefined>
}

/** "Reply as the visitor": posts a reply to Porthole's inbound route, as a mail service would. */
export function MailReplyForm({ enabled, hasReplyTo, onReply }: Props) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<string | undefined>(undefined)
  const reason = !enabled
    ? 'Replies by e-mail are off in the backend (EMAIL_REPLY_DOMAIN, INBOUND_EMAIL_SECRET).'
    : !hasReplyTo
      ? 'This e-mail has no Reply-To address: a reply would go to its sender.'
      : undefined
  const submit = async (event: Event) => {
    event.preventDefault()
    if (text.trim() === '') return
    setBusy(true)
    const result = await onReply(text)
    setBusy(false)
    if (!result) return
    setOutcome(`Porthole answered ${result.status}: ${JSON.stringify(result.answer)}`)
    if (result.status === 200) setText('')
  }
  return (
    <form class="mail-reply" onSubmit={(event) => void submit(event)}>
      <label for="mail-reply-text">Reply as the visitor</label>
      <textarea
        id="mail-reply-text"
        rows={3}
        value={text}
        placeholder="Thanks! Could you also…"
        onInput={(event) => setText(event.currentTarget.value)}
      />
      {reason ? <p class="muted small">{reason}</p> : null}
      <div class="mail-reply-row">
        <button type="submit" class="button primary" disabled={busy || text.trim() === ''}>
          {busy ? 'Sending…' : 'Reply as the visitor'}
        </button>
        {outcome ? (
          <output class="muted small" aria-live="polite">
            {outcome}
          </output>
        ) : null}
      </div>
    </form>
  )
}
