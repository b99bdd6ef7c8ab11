import { useEffect, useState } from 'preact/hooks'
import type { MailboxMessage } from '../../sandbox/mail/mailbox'
import { MailList } from './MailList'
import { MailReplyForm } from './MailReplyForm'
import { MailView } from './MailView'
import { type MailList as MailListData, mailApi } from './mail-api'

const POLL_MS = 2000

/** The Mailbox tab: e-mails Porthole sent (to the sandbox's SMTP server), and replies to them. */
export function MailboxPane({ onError }: { onError: (message: string | undefined) => void }) {
  const [list, setList] = useState<MailListData | undefined>(undefined)
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined)
  const [message, setMessage] = useState<MailboxMessage | undefined>(undefined)

  useEffect(() => {
    let stopped = false
    const load = () =>
      mailApi.list().then(
        (next) => {
          if (!stopped) setList(next)
        },
        (error: unknown) => onError(error instanceof Error ? error.message : String(error)),
      )
    void load()
    const timer = setInterval(() => void load(), POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [onError])

  useEffect(() => {
    if (selectedId === undefined && list && list.messages.length > 0)
      setSelectedId(list.messages[0]?.id)
  }, [list, selectedId])

  useEffect(() => {
    if (selectedId === undefined) return
    let stopped = false
    mailApi.get(selectedId).then(
      (next) => {
        if (!stopped) setMessage(next)
      },
      (error: unknown) => onError(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      stopped = true
    }
  }, [selectedId, onError])

  const reply = async (text: string) => {
    if (!message) return undefined
    try {
      const outcome = await mailApi.reply(message.id, text)
      onError(undefined)
      return outcome
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error))
      return undefined
    }
  }

  return (
    <main class="mailbox">
      <nav class="mail-column" aria-label="E-mails">
        <p class="muted small mail-smtp">
          {list?.smtpUrl ? (
            <>
              SMTP server: <code>{list.smtpUrl}</code>
            </>
          ) : (
            'No SMTP server: start the sandbox from npm start.'
          )}
        </p>
        <MailList
          messages={list?.messages ?? []}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      </nav>
      <section class="mail-reader">
        {message && message.id === selectedId ? (
          <>
            <MailView message={message} />
            <MailReplyForm
              enabled={list?.repliesOn ?? false}
              hasReplyTo={message.replyTo !== undefined}
              onReply={reply}
            />
          </>
        ) : (
          <p class="muted mail-empty">Select an e-mail.</p>
        )}
      </section>
    </main>
  )
}
