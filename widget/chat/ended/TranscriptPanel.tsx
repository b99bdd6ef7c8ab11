import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { type EndCall, Refused } from './end-call'
import type { EndedStrings } from './ended-strings'
import { failureText } from './RatingPanel'
import { reveal } from './reveal'

type Props = {
  /** The entry that ended the conversation. */
  id: string
  /** The visitor's address, when the profile has one (no field is asked then). */
  email: string | undefined
  t: EndedStrings
  call: EndCall
}

// The server applies the e-mail core's strict rule; this only catches a slip early.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * "E-mail me the transcript": asks for the address when the profile has none (the field
 * opens in view, with the keyboard in it), says where it went or that a confirmation
 * link went first; an error sits under what it is about, in view, named by it.
 */
export function TranscriptPanel({ id, email, t, call }: Props) {
  const [asking, setAsking] = useState(false)
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<{ to: string; confirm: boolean }>()
  const field = useRef<HTMLInputElement>(null)
  const alert = useRef<HTMLParagraphElement>(null)
  const toReveal = useRef(false)

  useLayoutEffect(() => {
    // Once it is drawn (another render may come first).
    if (toReveal.current && field.current) {
      reveal(field.current)
      toReveal.current = false
    }
    if (error) reveal(alert.current, false)
  })

  const fail = (text: string) => {
    setError(text)
    // Back to the field the error is about, to correct it.
    toReveal.current = !email
  }

  const transcript = async (event: Event) => {
    event.preventDefault()
    const to = address.trim()
    if (!email && !asking) {
      setAsking(true)
      toReveal.current = true
      return
    }
    if (!email && !LOOKS_LIKE_EMAIL.test(to)) return fail(t.badEmail)
    setBusy(true)
    setError(undefined)
    try {
      const answer = await call('transcript', { conversation: id, ...(email ? {} : { email: to }) })
      const sent = answer.transcript as { to?: string; state?: string } | undefined
      setSentTo({ to: sent?.to ?? email ?? to, confirm: sent?.state === 'confirm_sent' })
    } catch (thrown) {
      fail(
        thrown instanceof Refused && thrown.code === 'invalid_email'
          ? t.badEmail
          : failureText(thrown, t),
      )
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) return <p role="status">{(sentTo.confirm ? t.confirmSent : t.sent)(sentTo.to)}</p>
  const errorId = `ph-transcript-error-${id}`
  const problem = error && (
    <p class="ph-failed" id={errorId} role="alert" ref={alert}>
      {error}
    </p>
  )
  const asksAddress = asking && !email
  return (
    <form onSubmit={transcript} noValidate>
      {asksAddress && (
        <label class="ph-field">
          {t.email}
          <input
            ref={field}
            type="email"
            autoComplete="email"
            required
            value={address}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </label>
      )}
      {asksAddress && problem}
      <button
        type="submit"
        class={asking ? '' : 'ph-plain'}
        disabled={busy}
        aria-describedby={error && !asksAddress ? errorId : undefined}
      >
        {asking ? t.sendTranscript : t.transcript}
      </button>
      {!asksAddress && problem}
    </form>
  )
}
