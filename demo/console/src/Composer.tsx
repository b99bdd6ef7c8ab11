import { useState } from 'preact/hooks'
import type { ChannelMessage } from '../../../shared/protocol'
import { Icon } from './Icon'
import { MediaPanel } from './MediaPanel'

type Props = {
  disabled: boolean
  disabledReason?: string | undefined
  onSend: (message: ChannelMessage) => Promise<boolean>
}

/** Text, media and typing notifications from the agent to the customer (A3). */
export function Composer({ disabled, disabledReason, onSend }: Props) {
  const [text, setText] = useState('')
  const [typing, setTyping] = useState(false)
  const [mediaOpen, setMediaOpen] = useState(false)

  const setTypingState = async (next: boolean) => {
    if (next === typing) return
    setTyping(next)
    await onSend({ type: next ? 'typein' : 'typeout' })
  }

  const sendText = async (event?: Event) => {
    event?.preventDefault()
    const value = text.trim()
    if (!value) return
    if (await onSend({ type: 'text', text: value })) {
      setText('')
      if (typing) setTyping(false)
    }
  }

  return (
    <div class="composer">
      {disabledReason ? <p class="composer-note small muted">{disabledReason}</p> : null}
      {mediaOpen ? <MediaPanel disabled={disabled} onSend={onSend} /> : null}
      <form class="composer-row" onSubmit={sendText}>
        <label class="visually-hidden" for="composer-text">
          Message
        </label>
        <textarea
          id="composer-text"
          rows={2}
          placeholder={disabled ? '' : 'Write a reply… (Enter sends, Shift+Enter for a new line)'}
          value={text}
          disabled={disabled}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) void sendText(event)
          }}
        />
        <div class="composer-buttons">
          <button
            type="button"
            class={`button ghost ${typing ? 'is-on' : ''}`}
            aria-pressed={typing}
            disabled={disabled}
            title="Send typein / typeout to the customer"
            onClick={() => void setTypingState(!typing)}
          >
            <Icon name="pen" size={16} />
            {typing ? 'Typing on' : 'Typing'}
          </button>
          <button
            type="button"
            class={`button ghost ${mediaOpen ? 'is-on' : ''}`}
            aria-expanded={mediaOpen}
            disabled={disabled}
            onClick={() => setMediaOpen(!mediaOpen)}
          >
            <Icon name="attach" size={16} />
            Media
          </button>
          <button type="submit" class="button primary" disabled={disabled || text.trim() === ''}>
            Send
          </button>
        </div>
      </form>
    </div>
  )
}
