import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { invalidContactField } from '../../../shared/contact-rules'
import type { Contact, Language } from '../../../shared/widget-api'
import type { WindowStrings } from '../../i18n/chat-strings'
import { translated } from '../../i18n/translations'
import { parseOfflineForm } from '../../protocol/offline-form'
import { formFields } from '../model/offline-fields'
import { adoptStyles } from '../window/adopt-styles'
import type { Draft } from '../window/draft'
import { EN_FORM_STRINGS } from './offline-form-strings'
import { FORM_CSS } from './offline-form-styles'

interface Props {
  /** The settings' `offlineForm` as the config carried it (parsed here). */
  form: unknown
  /** What the visitor's one profile holds: not asked again. */
  contact: Contact
  lang: Language
  strings: WindowStrings
  onSubmit: (contact: Contact, text: string) => Promise<void>
  /** The composer's unsent text becomes the message, and stays the draft. */
  draft: Draft
  /** Shown instead when nothing is left to ask: the plain message box. */
  composer: ComponentChildren
}

const INPUTS = {
  name: { type: 'text', autocomplete: 'name' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
} as const

/** While nobody is online: a message with the contact details someone can answer to. */
export function OfflineForm({
  form,
  contact: known,
  lang,
  strings,
  onSubmit,
  draft,
  composer,
}: Props) {
  const [contact, setContact] = useState<Contact>({})
  const [text, setText] = useState(draft.get)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  // Its styles come with this chunk, in place before the form paints.
  const element = useRef<HTMLFormElement>(null)
  useLayoutEffect(() => adoptStyles(element.current, FORM_CSS))
  const settings = parseOfflineForm(form)
  const fields = formFields(settings, known)
  const intro = settings?.intro
  const words = translated(lang)?.form ?? EN_FORM_STRINGS
  const given = (key: keyof Contact) => Boolean(contact[key]?.trim())
  // Someone must be able to answer: an e-mail or a phone, when either is asked.
  const reachable = fields.filter((field) => field.key !== 'name')
  // Marked as required: the fields the owner requires and, when neither is required
  // alone, the e-mail and the phone (a lone one is required; two say one is enough).
  const needOne = reachable.length > 0 && !reachable.some((field) => field.required)
  const either = needOne && reachable.length > 1
  const marked = (field: { key: keyof Contact; required: boolean }) =>
    field.required || (needOne && field.key !== 'name')
  if (fields.length === 0) return <>{composer}</>

  return (
    <form
      class="ph-offline-form"
      ref={element}
      // Our rules and words (inline, localized), not the browser's bubbles.
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const missing = fields.filter((field) => field.required && !given(field.key))
        if (missing.length > 0)
          return setError(words.missing + missing.map((field) => words[field.key]).join(', '))
        if (reachable.length > 0 && !reachable.some((field) => given(field.key)))
          return setError(words.contactNeeded)
        const invalid = invalidContactField(contact)
        if (invalid) return setError(words.invalid[invalid])
        if (!text.trim()) return
        setBusy(true)
        setError(undefined)
        // Emptied before the send: the message box that replaces the form reads the draft
        // as it mounts, and must not offer the same text again. Restored if the send fails.
        draft.set('')
        try {
          await onSubmit(
            Object.fromEntries(Object.entries(contact).filter(([, value]) => value?.trim())),
            text,
          )
        } catch (failure) {
          draft.set(text)
          setError(failure instanceof Error ? failure.message : String(failure))
        } finally {
          setBusy(false)
        }
      }}
    >
      {intro && (
        <p class="ph-field" dir="auto">
          {intro}
        </p>
      )}
      <p class="ph-form-note">
        {words.required}
        {either && <span id="ph-either">{words.eitherContact}</span>}
      </p>
      {fields.map((field) => (
        <label class={`ph-field ph-${field.key}`} key={field.key}>
          <span>
            {words[field.key]}
            {marked(field) && <span aria-hidden="true"> *</span>}
          </span>
          <input
            {...INPUTS[field.key]}
            required={marked(field) && !either}
            aria-required={marked(field) && !either}
            aria-describedby={either && marked(field) ? 'ph-either' : undefined}
            value={contact[field.key] ?? ''}
            onInput={(event) => setContact({ ...contact, [field.key]: event.currentTarget.value })}
          />
        </label>
      ))}
      <label class="ph-field">
        <span>
          {strings.messageLabel}
          <span aria-hidden="true"> *</span>
        </span>
        <textarea
          rows={3}
          required
          aria-required="true"
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
        {words.leaveMessage}
      </button>
    </form>
  )
}
