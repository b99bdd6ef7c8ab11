import { type ComponentType, Fragment } from 'preact'
import type { Language } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import { belongsTo } from '../client-id'
import { type Conversation, messageState } from '../conversation'
import { daySeparators } from '../day-separators'
import { messageId } from '../message-state'
import type { RichItemProps } from '../rich/RichItem'
import { lazy } from './lazy'
import { MessageItem } from './MessageItem'

/** The rating and transcript under the newest end: a chunk of its own, fetched when a conversation has ended. */
const EndOfChat = lazy(() => import('../ended/EndOfChat').then((module) => module.EndOfChat))

/** The bot's buttons and Markdown: a chunk of its own, fetched with the first such message (plain text meanwhile). */
const RichItem = lazy(
  () => import('../rich/RichItem').then((module) => module.RichItem),
  MessageItem,
)

export interface EntriesProps {
  conversation: Conversation
  strings: ChatStrings
  lang: Language
  onRetry: (id: string) => void
  onSendNow: (id: string) => void
  /** Sends a text as the customer's message (the bot's quick replies). */
  onSend: (text: string) => void
}

/**
 * The conversation's messages in the list (MessageList.tsx): entries and the outbox's
 * messages not accepted yet, each with its delivery mark, a day line above each day's
 * first, and a line where a conversation ended. Loaded with the engine (engine.ts).
 */
export function Entries({ conversation, strings, lang, onRetry, onSendNow, onSend }: EntriesProps) {
  const { entries, outbox } = conversation
  const marks = (clientId: string, delivery = messageState(conversation, clientId)) => ({
    delivery,
    onRetry: () => onRetry(messageId(clientId)),
    onSendNow: () => onSendNow(messageId(clientId)),
  })

  // A delayed message sent again ("send now") shows as its entries.
  const queued = outbox.filter(
    (item) => !entries.some((entry) => belongsTo(entry.clientId, item.id)),
  )
  // "Today", "Yesterday" or the date above each day's first message.
  const days = daySeparators(
    [...entries, ...queued].map((item) => item.at),
    Date.now(),
    lang,
  )
  const day = (index: number) => days[index] && <p class="ph-day">{days[index]}</p>

  let previousAuthor: string | undefined
  return (
    <>
      {entries.map((entry, index) => {
        // The end of a conversation: a separator; the next one starts below it.
        if (entry.ended) {
          previousAuthor = undefined
          return (
            <Fragment key={entry.id}>
              {day(index)}
              <p class="ph-notice">{strings.ended}</p>
              <EndOfChat at={entry.id} entries={entries} />
            </Fragment>
          )
        }
        const own = entry.author === 'visitor'
        const author = own ? 'visitor' : `${entry.author}:${entry.name ?? ''}`
        // A new day shows the name again.
        const showName = !own && (author !== previousAuthor || days[index]) ? entry.name : undefined
        previousAuthor = author
        const clientId = entry.clientId ?? entry.id
        const Item: ComponentType<RichItemProps> = entry.rich ? RichItem : MessageItem
        return (
          <Fragment key={entry.id}>
            {day(index)}
            <Item
              conversation={conversation}
              index={index}
              onSend={onSend}
              own={own}
              content={entry.content}
              at={entry.at}
              name={showName}
              photo={entry.photo}
              strings={strings}
              lang={lang}
              delivery={own ? marks(clientId) : undefined}
            />
          </Fragment>
        )
      })}
      {queued.map((item, index) => (
        <Fragment key={item.id}>
          {day(entries.length + index)}
          <MessageItem
            own
            content={item.content ?? { type: 'text', text: item.text }}
            at={item.at}
            strings={strings}
            lang={lang}
            delivery={marks(item.id, conversation.delivery[item.id] ?? { state: 'queued' })}
          />
        </Fragment>
      ))}
    </>
  )
}
