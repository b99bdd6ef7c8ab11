import type { ComponentType, RefObject } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH } from '../../../shared/text'
import type { WindowStrings } from '../../i18n/chat-strings'
import type { EmojiPickerProps } from '../emoji/EmojiPicker'
import { countParts } from '../model/part-count'
import type { Draft } from '../window/draft'

interface Props {
  strings: WindowStrings
  inputRef: RefObject<HTMLTextAreaElement | null>
  onSend: (text: string) => void
  onInput: (text: string) => void
  draft: Draft
  /** Files chosen with the attach button. */
  onFiles: (files: FileList | null) => unknown
  /** Attachments wait in the tray: Send sends them, with or without text. */
  files: boolean
  /** The file input's `accept` (the site's types once the attachments chunk has read them). */
  accept?: string
}

/** The types the backend accepts by default (UPLOAD_TYPES unset); a phone converts HEIC photos to JPEG. */
const ACCEPT = 'image/*,.pdf,.txt,.csv,.docx,.xlsx,.odt,.zip'

/**
 * The message box: Enter sends, Shift+Enter adds a line. Past 1000 characters the
 * counter says how many messages the backend will split the text into; nothing is cut.
 */
export function Composer({
  strings,
  inputRef,
  onSend,
  onInput,
  draft,
  onFiles,
  files,
  accept = ACCEPT,
}: Props) {
  const [text, setText] = useState(draft.get)
  // The emoji picker's code, fetched at the first click of its button (a chunk of its own).
  const [Picker, setPicker] = useState<ComponentType<EmojiPickerProps>>()
  const picker = useRef<HTMLInputElement>(null)
  // The stored draft once read, and a draft changed elsewhere (a signed-out device's
  // unsent text put back, a cleared history): shown at once.
  useEffect(() => draft.watch(setText), [draft])
  const tooLong = text.length > MAX_MESSAGE_LENGTH
  const parts = tooLong ? 1 : countParts(text.trim())

  function change(value: string): void {
    setText(value)
    draft.set(value)
    onInput(value)
  }

  function submit(): void {
    if ((!text.trim() && !files) || tooLong) return
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
      {/* The picker: a phone offers the camera and the photo library for the image types. */}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept={accept}
        onChange={(event) => {
          onFiles(event.currentTarget.files)
          event.currentTarget.value = ''
        }}
      />
      <button
        type="button"
        class="ph-close ph-attach"
        aria-label={strings.attach}
        onClick={() => picker.current?.click()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 12l6-6a3 3 0 014 4l-8 8a5 5 0 01-7-7l7-7" />
        </svg>
      </button>
      {/* The emoji button sits in the message box, at its end. */}
      <div class="ph-box">
        <textarea
          ref={inputRef}
          class="ph-input"
          dir="auto"
          rows={1}
          value={text}
          placeholder={strings.placeholder}
          aria-label={strings.messageLabel}
          aria-describedby="ph-counter"
          onInput={(event) => change(event.currentTarget.value)}
          onKeyDown={(event) => {
            // isComposing: Enter that confirms an IME candidate must not send.
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <button
          type="button"
          class="ph-close ph-smile"
          aria-label={strings.emoji}
          aria-expanded={!!Picker}
          onClick={() =>
            Picker
              ? setPicker(undefined)
              : void import('../emoji/EmojiPicker').then((module) =>
                  setPicker(() => module.EmojiPicker),
                )
          }
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 21a9 9 0 100-18 9 9 0 000 18zM8 14s1.5 2 4 2 4-2 4-2M9 9.5h0M15 9.5h0" />
          </svg>
        </button>
      </div>
      {Picker && (
        <Picker
          input={inputRef}
          label={strings.emoji}
          onText={change}
          onClose={() => setPicker(undefined)}
        />
      )}
      <span
        id="ph-counter"
        class={`ph-counter${parts > 1 ? ' ph-over' : ''}${tooLong ? ' ph-failed' : ''}`}
        aria-live="polite"
      >
        {/* Only near the limit (from 80 %), where it helps: "0/1000" is noise. */}
        {text.length >= MAX_TEXT_LENGTH * 0.8 &&
          strings.counter(text.length, tooLong ? MAX_MESSAGE_LENGTH : MAX_TEXT_LENGTH, parts)}
      </span>
      <button
        type="submit"
        class="ph-send"
        aria-label={strings.send}
        disabled={(!text.trim() && !files) || tooLong}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 12l16-8-6 16-2.5-6.5z" />
        </svg>
      </button>
    </form>
  )
}
