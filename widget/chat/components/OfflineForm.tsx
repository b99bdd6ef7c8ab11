import { useState } from 'preact/hooks'
import type { Contact } from '../../../shared/widget-api'
import type { ChatStrings } from '../../i18n/chat-strings'
import { invalidContactField } from '../../protocol/contact-rules'
import type { Draft } from '../draft'

interface Props {
  strings: ChatStrings
  onSubmit: (contact: Contact, text: string) => Promise<void>
  /** The composer's unsent text becomes the message, and stays the draft. */
  draft: Draft
}

/** While nobody is online: a message with a name and an email or phone to answer to. */
export function OfflineForm({ strings, onSubmit, draft }: Props) {
  const [contact, setContact] = useState<Contact>({})
  const [text, setText] = useState(draft.get)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const input = (key: keyof Contact) => ({
    value: contact[key] ?? '',
    onInput: (event: { currentTarget: HTMLInputElement }) =>
      setContact({ ...contact, [key]: event.currentTarget.value }),
  })

  return (
    <form
      class="ph-offline-form"
      // Our rules and words (inline, localized), not the browser's bubbles.
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        if (!contact.email?.trim() && !contact.phone?.trim()) return setError(strings.contactNeeded)
        const invalid = invalidContactField(contact)
        if (invalid) return setError(strings.invalid[invalid])
        if (!text.trim()) return
        setBusy(true)
        setError(undefined)
        try {
          const given = Object.fromEntries(
            Object.entries(contact).filter(([, value]) => value?.trim()),
          )
          await onSubmit(given, text)
          draft.set('')
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure))
        } finally {
          setBusy(false)
        }
      }}
    >
      <label class="ph-field">
        <span>{strings.name}</span>
        <input type="text" autocomplete="name" {...input('name')} />
      </label>
      <label class="ph-field">
        <span>{strings.email}</span>
        <input type="email" autocomplete="email" {...input('email')} />
      </label>
      <label class="ph-field">
        <span>{strings.phone}</span>
        <input type="tel" autocomplete="tel" {...input('phone')} />
      </label>
      <label class="ph-field">
        <span>{strings.messageLabel}</span>
        <textarea
          rows={3}
          value={text}
          onInput={(event) => {
            setText(event.currentTarget.value)
            draft.set(event.currentTarget.value)
          }}
        />
      </label>
      {error && (
        <p class="ph-form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="ph-submit" disabled={busy}>
        {strings.leaveMessage}
      </button>
    </form>
  )
}
