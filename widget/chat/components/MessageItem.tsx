import type { ComponentChildren } from 'preact'
import type { EntryContent, Language } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import { isHttpUrl } from '../../protocol/http-url'
import type { Delivery } from '../model/message-state'
import { DeliveryStatus } from './DeliveryStatus'
import { lazy } from './lazy'
import { MessageText } from './MessageText'

/** Media rendering is fetched when the first media message is shown. */
export const MediaContent = lazy(() =>
  import('./MediaContent').then((module) => module.MediaContent),
)

interface Props {
  own: boolean
  content: EntryContent
  /** Absent for the greeting and the invitation. */
  at?: number
  strings: ChatStrings
  lang: Language
  /** The author's name, shown above the first message of a group. */
  name?: string
  photo?: string
  /** Who wrote it, for screen readers, where the name is not shown (grouped messages). */
  sender?: string
  /** Not the first of its group: closer to the one above. */
  cont?: boolean
  /** The mark of the customer's own message (on its last part). */
  delivery?: { delivery: Delivery; onRetry: () => void; onSendNow: () => void }
  /** Arrived while the window shows: it enters with motion (arrivals.ts). */
  enter?: boolean
  /** What the bubble shows instead of `content` (the bot's Markdown, rich/RichItem.tsx). */
  children?: ComponentChildren
}

/** One message bubble; text is rendered as text, never as markup. */
export function MessageItem(props: Props) {
  const { own, content, at, strings, lang, name, photo, delivery, sender, cont, enter, children } =
    props
  const avatar = photo && isHttpUrl(photo) ? photo : undefined
  return (
    <div
      class={`ph-msg ${own ? 'ph-own' : 'ph-their'}${cont ? ' ph-cont' : ''}${enter ? ' ph-enter' : ''}`}
    >
      {name ? (
        <span class="ph-author">
          {avatar && (
            <img
              class="ph-avatar-small"
              src={avatar}
              alt=""
              width={20}
              height={20}
              referrerpolicy="no-referrer"
              // A photo that does not load is left out: the name says who it is.
              onError={(event) => event.currentTarget.remove()}
            />
          )}
          {name}
        </span>
      ) : (
        sender && <span class="ph-sr">{sender}</span>
      )}
      {/* dir=auto: each message reads in its own direction, also on a right-to-left page. */}
      <div class={`ph-bubble${content.type === 'text' ? '' : ' ph-media'}`} dir="auto">
        {children}
        {children ? null : content.type === 'text' ? (
          // Links are clickable, the visitor's own too; only http(s) and mailto: ever are.
          <MessageText text={content.text} />
        ) : (
          <MediaContent content={content} strings={strings} lang={lang} />
        )}
      </div>
      {/* dir=auto: "10:48 · Sent" reads in order on a right-to-left page too. */}
      <span class="ph-meta" dir="auto">
        {at !== undefined && (
          <time dateTime={new Date(at).toISOString()}>
            {new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })}
          </time>
        )}
        {delivery && (
          <>
            {' · '}
            <DeliveryStatus {...delivery} strings={strings} />
          </>
        )}
      </span>
    </div>
  )
}
