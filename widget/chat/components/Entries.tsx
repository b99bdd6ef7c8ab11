import { type ComponentType, Fragment } from 'preact'
import type { Language } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import { translated } from '../../i18n/translations'
import { EN_JOINED_STRINGS } from '../answering/answering-strings'
import { groupMessages } from '../answering/grouping'
import { joinedLines } from '../answering/joined-lines'
import { belongsTo } from '../model/client-id'
import { type Conversation, messageState } from '../model/conversation'
import { daySeparators } from '../model/day-separators'
import { messageId } from '../model/message-state'
import type { RichItemProps } from '../rich/RichItem'
import { useArrivals } from './arrivals'
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
  // Messages that arrive while the window shows enter with motion; history does not.
  const entered = useArrivals([
    ...entries.map((entry) => ({
      key: entry.id,
      of: entry.clientId && messageId(entry.clientId),
      at: entry.at,
    })),
    ...queued.map((item) => ({ key: item.id, at: item.at })),
  ])
  const t = translated(lang)?.answering ?? EN_JOINED_STRINGS
  // "Anna joined the conversation" and who wrote what, from the entries alone (any device).
  const { lines } = joinedLines(entries)
  const joined = (index: number) =>
    lines[index] !== undefined && <p class="ph-joined">{t.joined(lines[index])}</p>
  // Runs of one sender's messages: one name and avatar atop, one time and mark below.
  const groups = groupMessages(
    [
      ...entries.map((entry) =>
        entry.author === 'visitor'
          ? 'visitor'
          : entry.author === 'system'
            ? // A bot's `joined` entry shows nothing; an end or a joined line breaks the run.
              entry.joined === 'bot'
              ? null
              : undefined
            : `${entry.author}:${entry.name ?? ''}`,
      ),
      ...queued.map(() => 'visitor'),
    ],
    [...entries, ...queued].map((item) => item.at),
    days.map((label, index) => label || lines[index] !== undefined),
  )
  /** A message's part of its group: the name atop the first, the time and mark below the last. */
  const grouped = (
    index: number,
    own: boolean,
    name: string | undefined,
    delivery?: ReturnType<typeof marks>,
  ) => {
    const { first = true, last = true } = groups[index] ?? {}
    return {
      name: !own && first ? name : undefined,
      // Screen readers hear each message with its sender (the name is shown once).
      sender: own ? t.you : name || t.agent,
      at: last ? (entries[index] ?? queued[index - entries.length])?.at : undefined,
      // A message within the group that needs the visitor (failed, delayed) keeps its mark.
      delivery:
        delivery && (last || /failed|delayed/.test(delivery.delivery.state)) ? delivery : undefined,
      cont: !first,
    }
  }

  return (
    <>
      {entries.map((entry, index) => {
        // The end of a conversation: a separator; the next one starts below it.
        if (entry.ended) {
          return (
            <Fragment key={entry.id}>
              {day(index)}
              <p class="ph-notice">{strings.ended}</p>
              <EndOfChat at={entry.id} entries={entries} />
            </Fragment>
          )
        }
        if (entry.author === 'system' && entry.joined)
          return (
            <Fragment key={entry.id}>
              {day(index)}
              {joined(index)}
            </Fragment>
          )
        const own = entry.author === 'visitor'
        const Item: ComponentType<RichItemProps> = entry.rich ? RichItem : MessageItem
        return (
          <Fragment key={entry.id}>
            {day(index)}
            {joined(index)}
            <Item
              conversation={conversation}
              index={index}
              onSend={onSend}
              own={own}
              content={entry.content}
              photo={entry.photo}
              enter={entered.has(entry.id)}
              strings={strings}
              lang={lang}
              {...grouped(
                index,
                own,
                entry.name,
                own ? marks(entry.clientId ?? entry.id) : undefined,
              )}
            />
          </Fragment>
        )
      })}
      {queued.map((item, index) => (
        <Fragment key={item.id}>
          {day(entries.length + index)}
          <MessageItem
            own
            enter={entered.has(item.id)}
            content={item.content ?? { type: 'text', text: item.text }}
            strings={strings}
            lang={lang}
            {...grouped(
              entries.length + index,
              true,
              undefined,
              marks(item.id, conversation.delivery[item.id] ?? { state: 'queued' }),
            )}
          />
        </Fragment>
      ))}
    </>
  )
}
