import type { WindowStrings } from '../../i18n/chat-strings'
import type { Conversation } from '../model/conversation'
import { adoptStyles } from '../window/adopt-styles'
import { Dots } from './Dots'
import { MessageText } from './MessageText'
import { MESSAGE_CSS } from './message-styles'

export interface IntroLogProps {
  conversation: Pick<Conversation, 'outbox'>
  /** Shown first, as if from an agent: the greeting and the answered invitation. */
  intro: string[]
  notice?: string
  /** The stored conversation is being read: dots instead of the greeting. */
  starting?: boolean
  strings: WindowStrings
}

/**
 * The log as the first frame draws it, before the conversation's engine is there (its
 * chunk holds the full list, MessageList.tsx), in a chunk of its own fetched when a log
 * first shows (not for the home screen): the notice, the greeting and the answered
 * invitation, or dots while a stored conversation is read, and the messages sent
 * meanwhile, shown as on their way (offline, the engine's chunk may not come for a while).
 */
export function IntroLog({ conversation, intro, notice, starting, strings }: IntroLogProps) {
  return (
    <div
      // The bubbles' styles come with this chunk, in place before its first paint.
      ref={(node) => adoptStyles(node, MESSAGE_CSS)}
      class="ph-log"
      role="log"
      aria-live="polite"
      aria-label={strings.messages}
      aria-busy={starting}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
      tabIndex={0}
    >
      {notice && (
        <p class="ph-notice" dir="auto">
          {notice}
        </p>
      )}
      {starting ? (
        <p class="ph-loading">
          <Dots />
        </p>
      ) : (
        intro.map((text, index) => (
          <div key={`intro-${index}`} class="ph-msg ph-their">
            <div class="ph-bubble" dir="auto">
              <MessageText text={text} />
            </div>
          </div>
        ))
      )}
      {conversation.outbox.map((item) => (
        <div key={item.id} class="ph-msg ph-own">
          <div class="ph-bubble" dir="auto">
            {item.text}
          </div>
          <span class="ph-meta">
            <span class="ph-status">{strings.sending}</span>
          </span>
        </div>
      ))}
    </div>
  )
}
