import type { Ref } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { MAX_TEXT_LENGTH } from '../../../shared/text'
import type { ChatStrings } from '../../i18n/chat-strings'
import type { Draft } from '../draft'
import { countParts } from '../part-count'

interface Props {
  strings: ChatStrings
  inputRef: Ref<HTMLTextAreaElement>
  onSend: (text: string) => void
  onInput: (text: string) => void
  draft: Draft
}

/** The longest text one message may carry (OutgoingMessage in shared/widget-api.ts). */
export const MAX_MESSAGE_LENGTH = MAX_TEXT_LENGTH * 20

/**
 * The message box: Enter sends, Shift+Enter adds a line. Past 1000 characters the
 * counter says how many messages the backend will split the text into; nothing is cut.
 */
export function Composer({ strings, inputRef, onSend, onInput, draft }: Props) {
  const [text, setText] = useState(draft.get)
  useEffect(() => {
    void draft.loaded().then((stored) => setText((current) => current || stored))
  }, [draft])
  const tooLong = text.length > MAX_MESSAGE_LENGTH
  const parts = tooLong ? 1 : countParts(text.trim())

  function submit(): void {
    if (!text.trim() || tooLong) return
    onSend(text)
    setText('')
    draft.set('')
  }

  return (
    <form
      class="ph-composer"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <textarea
        ref={inputRef}
        class="ph-input"
        dir="auto"
        rows={1}
        value={text}
        placeholder={strings.placeholder}
        aria-label={strings.messageLabel}
        aria-describedby="ph-counter"
        onInput={(event) => {
          const value = event.currentTarget.value
          setText(value)
          draft.set(value)
          onInput(value)
        }}
        onKeyDown={(event) => {
          // isComposing: Enter that confirms an IME candidate must not send.
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault()
            submit()
          }
        }}
      />
      <span
        id="ph-counter"
        class={`ph-counter${parts > 1 ? ' ph-over' : ''}${tooLong ? ' ph-failed' : ''}`}
        aria-live={parts > 1 || tooLong ? 'polite' : 'off'}
      >
        {strings.counter(text.length, tooLong ? MAX_MESSAGE_LENGTH : MAX_TEXT_LENGTH, parts)}
      </span>
      <button
        type="submit"
        class="ph-send"
        aria-label={strings.send}
        disabled={!text.trim() || tooLong}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 12l16-8-6 16-2.5-6.5z" />
        </svg>
      </button>
    </form>
  )
}
