import { useEffect, useState } from 'preact/hooks'
import type { Language } from '../../../shared/widget-api'
import type { WindowStrings } from '../../i18n/chat-strings'
import type { Observable } from '../../state/observable'
import type { HeadingProps } from '../answering/AnsweringHeading'
import type { Link } from '../window/connection'
import { lazy } from './lazy'
import { MuteButton } from './MuteButton'
import { StatusLine } from './StatusLine'

/** The agent's photo or initials, or the team's photos and reply time: a chunk of its own. */
function PlainHeading({ initial, title, status }: HeadingProps) {
  return (
    <>
      <span class="ph-avatar" aria-hidden="true">
        {initial}
      </span>
      <div class="ph-heading">
        {title}
        <StatusLine {...status} />
      </div>
    </>
  )
}
const AnsweringHeading = lazy<HeadingProps>(
  () => import('../answering/AnsweringHeading').then((module) => module.AnsweringHeading),
  PlainHeading,
)
const HELP_ICON =
  'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 115 0c0 1.7-2.5 2-2.5 4M12 17h0'
const MENU_ICON = 'M12 5h0M12 12h0M12 19h0'

/** A header button that shows a view in place of the conversation (pressed while it shows). */
const toggle = (label: string, pressed: boolean | undefined, onClick: () => void, d: string) => (
  <button
    type="button"
    class="ph-close"
    aria-label={label}
    aria-pressed={pressed}
    onClick={onClick}
  >
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  </button>
)

/**
 * The window is usable before who answers is known: the chunk (and the team's settings) is
 * fetched once the window has been drawn, so nothing stands between a tap and the composer
 * on a slow phone (bench: tap to chat).
 */
const AFTER_DRAWN_MS = 400

interface Props {
  title: string
  /** The agent answering now (not the bot): their name and photo. */
  agent: { name?: string; photo?: string } | undefined
  online: boolean | undefined
  /** Outside the site's business hours: the heading says when the team is back. */
  away?: boolean
  /** A connection problem, told instead of the status (after a grace period). */
  link?: Link
  strings: WindowStrings
  onClose: () => void
  /** The reply sound's toggle, where the site plays one: in the menu when there is one. */
  sound?: { mute: Observable<{ muted: boolean }>; setMuted: (muted: boolean) => void }
  /** Where the team's settings are read while nobody has joined. */
  team: { base: string; fetch: typeof fetch; lang: Language }
  /** The Help view shows (the button is pressed). */
  help?: boolean
  onHelp?: () => void
  /** The menu of the visitor's data (absent: not offered); `menu`: it shows. */
  menu?: boolean
  onMenu?: () => void
}

/**
 * Title, who answers (the agent, or the team while nobody has joined), one line of status
 * and the buttons, at one height in every state (chat-styles.ts): the title yields only to
 * the buttons; the team's photos yield to it.
 */
export function ChatHeader({
  title,
  agent,
  online,
  away,
  link = 'ok',
  strings,
  onClose,
  sound,
  team,
  help,
  onHelp,
  menu,
  onMenu,
}: Props) {
  const [drawn, setDrawn] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), AFTER_DRAWN_MS)
    return () => clearTimeout(timer)
  }, [])
  const Heading = drawn ? AnsweringHeading : PlainHeading
  // The whole title as a tooltip: a long one is cut with an ellipsis. dir="auto": a Latin
  // title in a right-to-left window is cut at its end, not at its start.
  const heading = (
    <h2 class="ph-title" title={title} dir="auto">
      {title}
    </h2>
  )
  const problem = link !== 'ok'
  const text = [
    agent?.name,
    // Short enough for the one line; the sentence that messages wait is under the message box.
    problem
      ? strings[link === 'noNetwork' ? 'offline' : link]
      : online === undefined
        ? undefined
        : online
          ? strings.online
          : strings.offline,
  ]
    .filter(Boolean)
    .join(' · ')
  const status = {
    text,
    on: online === undefined ? undefined : online && !problem,
    // Who answers may say more: the usual reply time while someone is online, when the
    // team is back while away; never while the connection is down.
    state: problem
      ? undefined
      : online
        ? ('online' as const)
        : away
          ? ('away' as const)
          : undefined,
  }
  return (
    // Not <header>: that would add a second "banner" landmark to the host page.
    <div class="ph-header">
      <Heading
        {...team}
        agent={agent}
        initial={title.trim().charAt(0).toUpperCase()}
        title={heading}
        status={status}
      />
      {onHelp && toggle(strings.help, help, onHelp, HELP_ICON)}
      {onMenu && toggle(strings.menu, menu, onMenu, MENU_ICON)}
      {sound && !onMenu && (
        <MuteButton mute={sound.mute} label={strings.mute} onToggle={sound.setMuted} />
      )}
      <button type="button" class="ph-close" aria-label={strings.close} onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  )
}
