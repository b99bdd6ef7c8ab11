import { useEffect, useRef } from 'preact/hooks'
import type { ConversationEntry, Language } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import type { Delivery } from '../conversation-log'
import type { OutboxItem } from '../outbox'
import { MessageItem } from './MessageItem'
import { TypingIndicator } from './TypingIndicator'

interface Props {
  entries: ConversationEntry[]
  outbox: OutboxItem[]
  delivery: Record<string, Delivery>
  /** Shown first, as if from an agent: the greeting and the answered invitation. */
  intro: string[]
  notice?: string
  typing: { name?: string } | undefined
  strings: ChatStrings
  lang: Language
  onRetry: (id: string) => void
}

function ownState(delivery: Delivery | undefined) {
  if (!delivery || delivery.state === 'sent') return { state: 'sent' as const }
  return delivery.state === 'pending'
    ? { state: 'sending' as const }
    : { state: 'failed' as const, error: delivery.error }
}

/** The conversation: a polite live region, kept scrolled to the newest message. */
export function MessageList({
  entries,
  outbox,
  delivery,
  intro,
  notice,
  typing,
  strings,
  lang,
  onRetry,
}: Props) {
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = list.current
    if (element) element.scrollTop = element.scrollHeight
  }, [entries.length, outbox.length, typing, notice])

  let previousAuthor: string | undefined
  return (
    <div
      class="ph-log"
      ref={list}
      role="log"
      aria-live="polite"
      aria-label={strings.messages}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
      tabIndex={0}
    >
      {notice && <p class="ph-notice">{notice}</p>}
      {intro.map((text, index) => (
        <MessageItem
          key={`intro-${index}`}
          own={false}
          content={{ type: 'text', text }}
          strings={strings}
          lang={lang}
        />
      ))}
      {entries.map((entry) => {
        const own = entry.author === 'visitor'
        const author = own ? 'visitor' : `${entry.author}:${entry.name ?? ''}`
        const showName = !own && author !== previousAuthor ? entry.name : undefined
        previousAuthor = author
        const clientId = entry.clientId ?? entry.id
        return (
          <MessageItem
            key={entry.id}
            own={own}
            content={entry.content}
            at={entry.at}
            name={showName}
            photo={entry.photo}
            strings={strings}
            lang={lang}
            delivery={
              own
                ? { ...ownState(delivery[clientId]), onRetry: () => onRetry(clientId) }
                : undefined
            }
          />
        )
      })}
      {outbox.map((item) => (
        <MessageItem
          key={item.id}
          own
          content={{ type: 'text', text: item.text }}
          at={item.at}
          strings={strings}
          lang={lang}
          delivery={{
            state: item.state === 'failed' ? 'failed' : 'sending',
            error: item.error,
            onRetry: () => onRetry(item.id),
          }}
        />
      ))}
      {typing && <TypingIndicator name={typing.name} strings={strings} />}
    </div>
  )
}
