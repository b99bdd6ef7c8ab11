import { useLayoutEffect, useRef } from 'preact/hooks'
import type { ChatStrings } from '../../i18n/chat-strings'
import { adoptStyles } from '../window/adopt-styles'
import { Dots } from './Dots'

// Its styles travel with its chunk (MessageList.tsx loads it when earlier messages exist).
const EARLIER_CSS = `
.ph-earlier{align-self:center;display:flex;align-items:center;gap:8px;border:1px solid var(--ph-line);border-radius:99px;padding:6px 14px;background:none;color:inherit;font-size:13px}
`

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
  const element = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => adoptStyles(element.current, EARLIER_CSS), [])
  return (
    <button
      ref={element}
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
