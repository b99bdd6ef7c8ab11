import type { ChatStrings } from '../../i18n/chat-strings'
import { Dots } from './Dots'

interface Props {
  status: 'idle' | 'loading' | 'failed'
  strings: ChatStrings
  onLoad: () => void
}

/**
 * Atop the list while earlier messages exist: a button (scrolling to the top does the
 * same), a spinner while the page loads, and a retry when it could not.
 */
export function LoadEarlier({ status, strings, onLoad }: Props) {
  const loading = status === 'loading'
  return (
    <button
      type="button"
      class={`ph-earlier${status === 'failed' ? ' ph-failed' : ''}`}
      // aria-disabled, not disabled: a keyboard user's focus stays on the button.
      aria-disabled={loading}
      // A click while loading is ignored by the loader itself.
      onClick={onLoad}
    >
      {loading && <Dots />}
      {status === 'failed' ? (
        <span role="alert">
          {strings.earlierFailed} {strings.retry}
        </span>
      ) : (
        strings.loadEarlier
      )}
    </button>
  )
}
