import { useLayoutEffect, useMemo, useRef } from 'preact/hooks'
import type { Language } from '../../../shared/widget-api'
import type { WindowStrings } from '../../i18n/chat-strings'
import type { Conversation } from '../model/conversation'
import { adoptStyles } from '../window/adopt-styles'
import { Dots } from './Dots'
import { Entries } from './Entries'
import { lazy } from './lazy'
import { listStrings } from './list-strings'
import { LIST_CSS } from './list-styles'
import { MessageItem } from './MessageItem'
import { MESSAGE_CSS } from './message-styles'
import { TypingIndicator } from './TypingIndicator'

/**
 * The button atop the list: a chunk of its own, fetched when earlier messages exist (a
 * returning visitor's long conversation); scrolling to the top loads them without it.
 */
const LoadEarlier = lazy(() => import('./LoadEarlier').then((module) => module.LoadEarlier))

/** Within this many pixels of the top, the earlier page loads; of the bottom, the list follows new messages. */
const EDGE_PX = 60

export interface MessageListProps {
  conversation: Conversation
  history: 'idle' | 'loading' | 'failed'
  /** Shown first, as if from an agent: the greeting and the answered invitation. */
  intro: string[]
  notice?: string
  /** The stored conversation is being read: dots instead of the greeting, which it may not start with. */
  starting?: boolean
  typing: { name?: string } | undefined
  strings: WindowStrings
  lang: Language
  onRetry: (id: string) => void
  onSendNow: (id: string) => void
  onLoadEarlier: () => void
  onSend: (text: string) => void
}

/**
 * Its styles (the bubbles', then the list's), in its chunk: adopted from its element's
 * ref, in place before the list's first frame is drawn and before what it holds adopts
 * its own (a media card's override the bubble's).
 */
function styled(node: HTMLElement | null): void {
  adoptStyles(node, MESSAGE_CSS)
  adoptStyles(node, LIST_CSS)
}

/**
 * The conversation: in the engine's chunk (engine.ts), drawn once there is one to show;
 * the first frame draws IntroLog.tsx in its place. A polite live region that follows new messages while the customer
 * is at the bottom, and keeps what they read in place when an earlier page is added
 * above it (the page loads when they scroll to the top, or with the button there).
 */
export function MessageList({
  conversation,
  history,
  intro,
  notice,
  starting,
  typing,
  strings: windowStrings,
  lang,
  onRetry,
  onSendNow,
  onLoadEarlier,
  onSend,
}: MessageListProps) {
  const list = useRef<HTMLDivElement>(null)
  const strings = useMemo(() => listStrings(windowStrings), [windowStrings])
  const { entries, outbox, earlier } = conversation
  const canLoad = earlier !== false && entries.length > 0
  // Loading on its own (scrolled to the top) only when not already loading or failed.
  const auto = canLoad && history === 'idle'
  const first = entries[0]?.id
  // Where the customer was: measured while rendering, before the DOM changes. Whether
  // they follow the bottom is what their last scroll said: a picture that loads and
  // grows the list above the bottom does not stop the list following new messages.
  const anchor = useRef({
    height: 0,
    top: 0,
    atBottom: true,
    // Where the list last put itself to follow the bottom: a scroll event that reads this
    // place after the content grew (a picture, a player) is its own, not the customer's.
    pinned: 0,
    first,
    sent: outbox.length,
    failed: -1,
  })
  const element = list.current
  if (element)
    Object.assign(anchor.current, {
      height: element.scrollHeight,
      top: element.scrollTop,
    })
  const atEnd = (element: HTMLElement) =>
    element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX
  const follow = (element: HTMLElement) => {
    element.scrollTop = element.scrollHeight
    anchor.current.pinned = element.scrollTop
  }

  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const { height, top, atBottom, sent } = anchor.current
    // At the bottom (or having just sent a message) it follows new messages; entries
    // added above keep what was being read in place.
    if (atBottom || outbox.length > sent) follow(element)
    else if (anchor.current.first !== first) element.scrollTop = top + element.scrollHeight - height
    // A message newly refused is shown whole, "Retry" included, wherever the list was.
    const failed = element.querySelectorAll('.ph-status.ph-failed')
    if (anchor.current.failed >= 0 && failed.length > anchor.current.failed)
      failed[failed.length - 1]?.scrollIntoView({ block: 'nearest' })
    Object.assign(anchor.current, { first, sent: outbox.length, failed: failed.length })
    // A list too short to scroll cannot be scrolled to the top: load what is above.
    if (auto && element.scrollHeight <= element.clientHeight) onLoadEarlier()
  })

  // The log shrinks as the message box grows (a long text, a phone's keyboard): a
  // customer at the bottom keeps the newest message, its time included, in view.
  useLayoutEffect(() => {
    const element = list.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (anchor.current.atBottom) follow(element)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <div
      class="ph-log"
      ref={(node) => {
        list.current = node
        styled(node)
      }}
      role="log"
      aria-live="polite"
      aria-label={strings.messages}
      aria-busy={starting}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget
        // Scroll events come a frame late: one from the list's own move, read after a
        // picture grew the content, still follows; the customer scrolling up does not.
        anchor.current.atBottom = atEnd(element) || element.scrollTop >= anchor.current.pinned - 1
        if (auto && element.scrollTop < EDGE_PX) onLoadEarlier()
      }}
      // A picture or a player that loads while the customer follows the bottom keeps it in view.
      onLoadCapture={(event) => {
        if (anchor.current.atBottom) follow(event.currentTarget)
      }}
    >
      {notice && (
        // The site's own text: its own direction, whatever the page's.
        <p class="ph-notice" dir="auto">
          {notice}
        </p>
      )}
      {canLoad && <LoadEarlier status={history} strings={strings} onLoad={onLoadEarlier} />}
      {starting ? (
        <p class="ph-loading">
          <Dots />
        </p>
      ) : (
        (earlier === false || entries.length === 0) &&
        intro.map((text, index) => (
          <MessageItem
            key={`intro-${index}`}
            own={false}
            content={{ type: 'text', text }}
            strings={strings}
            lang={lang}
          />
        ))
      )}
      {(entries.length > 0 || outbox.length > 0) && (
        <Entries
          conversation={conversation}
          strings={strings}
          lang={lang}
          onRetry={onRetry}
          onSendNow={onSendNow}
          onSend={onSend}
        />
      )}
      {typing && <TypingIndicator name={typing.name} strings={strings} />}
    </div>
  )
}
