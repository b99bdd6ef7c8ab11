import type { ChatStrings } from '../../i18n/chat-strings'
import { isHttpUrl } from '../../protocol/http-url'
import type { Observable } from '../../state/observable'
import type { Link } from '../connection'
import { MuteButton } from './MuteButton'

interface Props {
  title: string
  /** The latest agent's name and avatar. */
  agent: { name?: string; photo?: string } | undefined
  online: boolean | undefined
  /** A connection problem, told instead of the status (after a grace period). */
  link?: Link
  strings: ChatStrings
  onClose: () => void
  /** The reply sound's toggle, where the site plays one. */
  sound?: { mute: Observable<{ muted: boolean }>; setMuted: (muted: boolean) => void }
}

/** Title, the agent answering (name and avatar), the status and the close button. */
export function ChatHeader({ title, agent, online, link = 'ok', strings, onClose, sound }: Props) {
  const photo = agent?.photo && isHttpUrl(agent.photo) ? agent.photo : undefined
  const initial = (agent?.name ?? title).trim().charAt(0).toUpperCase()
  return (
    // Not <header>: that would add a second "banner" landmark to the host page.
    <div class="ph-header">
      <span class="ph-avatar" aria-hidden="true">
        {photo ? <img src={photo} alt="" /> : initial}
      </span>
      <div class="ph-heading">
        {/* The whole title as a tooltip: a long one is cut with an ellipsis. */}
        <h2 class="ph-title" title={title}>
          {title}
        </h2>
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
      </div>
      {sound && <MuteButton mute={sound.mute} label={strings.mute} onToggle={sound.setMuted} />}
      <button type="button" class="ph-close" aria-label={strings.close} onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  )
}
