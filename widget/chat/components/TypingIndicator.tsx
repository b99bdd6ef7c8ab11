import type { ChatStrings } from '../../i18n/chat-strings'
import { Dots } from './Dots'

/** "Anna is typing…" with three animated dots (still when reduced motion is asked for). */
export function TypingIndicator({ name, strings }: { name?: string; strings: ChatStrings }) {
  return (
    <div class="ph-msg ph-their ph-typing">
      <div class="ph-bubble" aria-hidden="true">
        <Dots />
      </div>
      <span class="ph-meta">{strings.typing(name)}</span>
    </div>
  )
}
