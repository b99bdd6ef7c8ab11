import { useEffect, useState } from 'preact/hooks'
import type { MailDetail, MailSummary } from '../../sandbox/mail/model'
import { api } from './api'
import { formatSize } from './format'
import { MailReplyForm } from './MailReplyForm'

type Props = {
  summary: MailSummary
  canReply: boolean
  onError: (message: string) => void
  onReply: (text: string) => Promise<boolean>
}

const SHOWN_HEADERS = [
  'From',
  'To',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
]
const VIEWS = ['HTML', 'Text', 'Headers'] as const
type View = (typeof VIEWS)[number]

/** One e-mail as the visitor's mail program shows it, with its headers and a reply box. */
export function MailView({ summary, canReply, onError, onReply }: Props) {
  const [detail, setDetail] = useState<MailDetail | undefined>(undefined)
  const [view, setView] = useState<View>('HTML')
  const replies = summary.replies.length
  // A new reply changes the e-mail's record: read it again.
  useEffect(() => {
    let current = true
    api.mail(summary.id).then(
      (mail) => current && setDetail(mail),
      (error: unknown) =>
        current && onError(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      current = false
    }
  }, [summary.id, replies])

  const header = (name: string) =>
    detail?.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
  const shown = view === 'HTML' && !detail?.html ? 'Text' : view
  return (
    <div class="thread mail-view">
      <div class="thread-head">
        <h1>{summary.subject || '(no subject)'}</h1>
        <fieldset class="thread-actions mail-views">
          <legend class="visually-hidden">Show the e-mail as</legend>
          {VIEWS.map((name) => (
            <button
              key={name}
              type="button"
              class={`button ${shown === name ? 'primary' : ''}`}
              aria-pressed={shown === name}
              disabled={name === 'HTML' && detail !== undefined && !detail.html}
              onClick={() => setView(name)}
            >
              {name}
            </button>
          ))}
        </fieldset>
      </div>
      {detail ? (
        <>
          <dl class="mail-headers">
            {SHOWN_HEADERS.map((name) => {
              const value = header(name)
              return value ? (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ) : null
            })}
            <div>
              <dt>Envelope</dt>
              <dd>
                {detail.envelopeFrom || '<>'} → {detail.envelopeTo.join(', ')} ·{' '}
                {formatSize(detail.size)}
              </dd>
            </div>
          </dl>
          {shown === 'HTML' ? (
            <iframe
              class="mail-html"
              title="The e-mail's HTML part"
              sandbox=""
              srcdoc={detail.html ?? ''}
            />
          ) : shown === 'Text' ? (
            <pre class="mail-text">{detail.text ?? '(no text part)'}</pre>
          ) : (
            <pre class="mail-text">
              {detail.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
            </pre>
          )}
          <MailReplyForm
            replies={summary.replies}
            canReply={canReply}
            replyTo={summary.replyTo}
            onReply={onReply}
          />
        </>
      ) : (
        <p class="muted mail-loading">Loading the e-mail…</p>
      )}
    </div>
  )
}
