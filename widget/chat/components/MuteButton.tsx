import type { Observable } from '../../state/observable'
import { useObservable } from '../window/use-observable'

interface Props {
  mute: Observable<{ muted: boolean }>
  label: string
  onToggle: (muted: boolean) => void
  /** In the window's menu: the label shows as the button's text (not an icon). */
  text?: boolean
}

const SPEAKER = 'M4 9v6h4l5 4V5L8 9z'

/** The reply sound's toggle (the header's, or the menu's): pressed while it is muted. */
export function MuteButton({ mute, label, onToggle, text }: Props) {
  const { muted } = useObservable(mute)
  const icon = (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={SPEAKER + (muted ? 'M17 9l5 6m0-6l-5 6' : 'M16 9a4 4 0 010 6M19 6a8 8 0 010 12')} />
    </svg>
  )
  return (
    <button
      type="button"
      class={text ? 'ph-menu-mute' : 'ph-close'}
      aria-label={text ? undefined : label}
      aria-pressed={muted}
      onClick={() => onToggle(!muted)}
    >
      {icon}
      {text && label}
    </button>
  )
}
