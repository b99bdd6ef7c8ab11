import { useEffect, useState } from 'preact/hooks'
import type { Language } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import type { Observable } from '../../state/observable'
import type { HeadingProps } from '../answering/AnsweringHeading'
import type { Link } from '../window/connection'
import { lazy } from './lazy'
import { MuteButton } from './MuteButton'

/** The agent's photo or initials, or the team's photos and reply time: a chunk of its own. */
function PlainHeading({ initial, title, subtitle }: HeadingProps) {
  return (
    <>
      <span class="ph-avatar" aria-hidden="true">
        {initial}
      </span>
      <div class="ph-heading">
        {title}
        {subtitle}
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
  /** A connection problem, told instead of the status (after a grace period). */
  link?: Link
  strings: ChatStrings
  onClose: () => void
  /** The reply sound's toggle, where the site plays one. */
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

/** Title, who answers (the agent, or the team while nobody has joined), the status and the close button. */
export function ChatHeader({
  title,
  agent,
  online,
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
  // The whole title as a tooltip: a long one is cut with an ellipsis.
  const heading = (
    <h2 class="ph-title" title={title}>
      {title}
    </h2>
  )
  const subtitle = (
    <p class="ph-subtitle" aria-live="polite">
      {online !== undefined && (
        <span
          class={`ph-state ${online && link === 'ok' ? 'ph-on' : 'ph-off'}`}
          aria-hidden="true"
        />
      )}
      {[
        agent?.name,
        link !== 'ok'
          ? strings[link]
          : online === undefined
            ? undefined
            : online
              ? strings.online
              : strings.offline,
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  )
  return (
    // Not <header>: that would add a second "banner" landmark to the host page.
    <div class="ph-header">
      <Heading
        {...team}
        agent={agent}
        initial={title.trim().charAt(0).toUpperCase()}
        title={heading}
        subtitle={subtitle}
      />
      {onHelp && toggle(strings.help, help, onHelp, HELP_ICON)}
      {onMenu && toggle(strings.menu, menu, onMenu, MENU_ICON)}
      {sound && <MuteButton mute={sound.mute} label={strings.mute} onToggle={sound.setMuted} />}
      <button type="button" class="ph-close" aria-label={strings.close} onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  )
}
