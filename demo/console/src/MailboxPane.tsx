import { useEffect, useState } from 'preact/hooks'
import type { MailboxState, MailSummary } from '../../sandbox/mail/model'
import { api } from './api'
import { MailList } from './MailList'
import { MailView } from './MailView'

type Props = {
  mail: MailSummary[]
  mailbox: MailboxState
  run: (action: () => Promise<unknown>) => Promise<boolean>
  onError: (message: string) => void
}

/** The Mailbox tab: every e-mail Porthole sent through the sandbox's SMTP server. */
export function MailboxPane({ mail, mailbox, run, onError }: Props) {
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!mail.some((item) => item.id === selectedId)) setSelectedId(mail[0]?.id)
  }, [mail, selectedId])
  const selected = mail.find((item) => item.id === selectedId)
  return (
    <main class="columns mailbox">
      <MailList mail={mail} selectedId={selectedId} onSelect={setSelectedId} />
      <div class="conversation">
        {selected ? (
          <MailView
            key={selected.id}
            summary={selected}
            canReply={mailbox.canReply}
            onError={onError}
            onReply={(text) => run(() => api.replyToMail(selected.id, text))}
          />
        ) : (
          <div class="empty-state">
            <h1>No e-mail yet</h1>
            <p class="muted">
              When an agent's reply stays unread, Porthole e-mails the visitor; the e-mail lands
              here.
            </p>
          </div>
        )}
      </div>
      <aside class="customer-card mailbox-card">
        <h2>SMTP server</h2>
        <p class="small">
          {mailbox.smtpUrl ? <code>{mailbox.smtpUrl}</code> : 'Not running in this sandbox.'}
        </p>
        <label class="mailbox-down">
          <input
            type="checkbox"
            checked={mailbox.down}
            onChange={(event) => void run(() => api.setMailboxDown(event.currentTarget.checked))}
          />
          <span>Refuse mail (451): an outage, to watch Porthole retry</span>
        </label>
      </aside>
    </main>
  )
}
