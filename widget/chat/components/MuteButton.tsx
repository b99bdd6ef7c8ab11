import type { Observable } from '../../state/observable'
import { useObservable } from '../window/use-observable'

interface Props {
  mute: Observable<{ muted: boolean }>
  label: string
  onToggle: (muted: boolean) => void
}

const SPEAKER = 'M4 9v6h4l5 4V5L8 9z'

/** The header's sound toggle: pressed while the reply sound is muted. */
export function MuteButton({ mute, label, onToggle }: Props) {
  const { muted } = useObservable(mute)
  return (
    <button
      type="button"
      class="ph-close"
      aria-label={label}
      aria-pressed={muted}
      onClick={() => onToggle(!muted)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={SPEAKER + (muted ? 'M17 9l5 6m0-6l-5 6' : 'M16 9a4 4 0 010 6M19 6a8 8 0 010 12')}
        />
      </svg>
    </button>
  )
}
