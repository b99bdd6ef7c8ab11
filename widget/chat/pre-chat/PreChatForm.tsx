import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { invalidContactField } from '../../../shared/contact-rules'
import type { Contact } from '../../../shared/widget-api'
import type { FormStrings } from '../components/offline-form-strings'
import type { AskedField, ContactField, PreChat } from './pre-chat-rules'
import type { PreChatStrings } from './pre-chat-strings'

interface Props {
  preChat: PreChat
  /** What the form asks (askedFields): never empty here. */
  fields: AskedField[]
  /** The labels, the required marker and the field errors: the offline form's words. */
  words: FormStrings
  strings: PreChatStrings
  /** Saves the contact and the consent; a thrown error's message is shown. */
  onSubmit: (contact: Contact, agreed: boolean) => Promise<void>
}

const INPUTS = {
  name: { type: 'text', autocomplete: 'name' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
} as const

/** The pre-chat form: the contact fields and the consent the site asks before a chat. */
export function PreChatForm({ preChat, fields, words, strings, onSubmit }: Props) {
  const [contact, setContact] = useState<Contact>({})
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const first = useRef<HTMLInputElement>(null)
  // The window opens on the form: the first field has the focus, as the message box would.
  useLayoutEffect(() => first.current?.focus(), [])
  const given = (key: ContactField) => Boolean(contact[key]?.trim())
  const consent = preChat.consent

  return (
    <form
      class="ph-offline-form ph-pre-chat"
      // Our rules and words (inline, localized), not the browser's bubbles.
      noValidate
      // Typing here starts nothing (the window starts the engine on a key in a field):
      // nothing is stored or sent before the visitor submits.
      onKeyDown={(event) => event.stopPropagation()}
      onSubmit={async (event) => {
        event.preventDefault()
        const missing = fields.flatMap(({ key, required }) =>
          required && key !== 'consent' && !given(key) ? [words[key]] : [],
        )
        if (missing.length > 0) return setError(words.missing + missing.join(', '))
        const invalid = invalidContactField(contact)
        if (invalid) return setError(words.invalid[invalid])
        const asksConsent = fields.some((field) => field.key === 'consent')
        if (asksConsent && !agreed) return setError(strings.consentNeeded)
        setBusy(true)
        setError(undefined)
        try {
          const filled = Object.entries(contact).filter(([, value]) => value?.trim())
          await onSubmit(Object.fromEntries(filled), asksConsent)
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure))
          setBusy(false)
        }
      }}
    >
      <p class="ph-pre-chat-intro" dir="auto">
        {strings.intro}
      </p>
      <p class="ph-form-note">{words.required}</p>
      {fields.map((field, index) => {
        if (field.key === 'consent') return null
        return (
          <label class="ph-field" key={field.key}>
            <span>
              {words[field.key]}
              {field.required && <span aria-hidden="true"> *</span>}
            </span>
            <input
              ref={index === 0 ? first : undefined}
              {...INPUTS[field.key]}
              required={field.required}
              aria-required={field.required}
              value={contact[field.key] ?? ''}
              onInput={(event) =>
                setContact({ ...contact, [field.key]: event.currentTarget.value })
              }
            />
          </label>
        )
      })}
      {consent && fields.some((field) => field.key === 'consent') && (
        <div class="ph-check">
          <input
            id="ph-pre-chat-consent"
            type="checkbox"
            required
            aria-required="true"
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <span>
            {/* Text, never markup: the site's words as written. */}
            <label for="ph-pre-chat-consent" dir="auto">
              {consent.text ?? strings.consent}
              <span aria-hidden="true"> *</span>
            </label>{' '}
            {consent.url && (
              <a href={consent.url} target="_blank" rel="noopener noreferrer">
                {strings.policy}
              </a>
            )}
          </span>
        </div>
      )}
      {error && (
        <p class="ph-form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="ph-submit" disabled={busy}>
        {strings.start}
      </button>
    </form>
  )
}
