import { useCallback, useEffect, useState } from 'preact/hooks'
import type { EmailState, StudioApi } from '../api'

const when = (at: number) => new Date(at).toLocaleString()

/**
 * Whether this backend sends e-mail (SMTP_URL and EMAIL_FROM, the operator's part), the
 * sender, and how its last attempts went; read from GET /admin/api/email.
 */
export function EmailSmtpState({ api }: { api: StudioApi }) {
  const [state, setState] = useState<EmailState | undefined>()
  const [error, setError] = useState<string | undefined>()
  const check = useCallback(() => {
    api.emailState().then(
      (next) => {
        setState(next)
        setError(undefined)
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    )
  }, [api])
  useEffect(check, [check])

  const again = (
    <button type="button" class="ghost" onClick={check}>
      Check again
    </button>
  )
  if (error)
    return (
      <div class="smtp-state">
        <p class="field-error" role="alert">
          The e-mail state could not be read: {error}
        </p>
        {again}
      </div>
    )
  if (!state)
    return (
      <p class="smtp-state" role="status">
        Checking whether e-mail is on…
      </p>
    )
  if (!state.configured)
    return (
      <div class="smtp-state off" role="status">
        <p>
          <strong>E-mail is off: your operator sets SMTP_URL and EMAIL_FROM.</strong> Until then no
          e-mail is sent; the settings below are kept for when it is on.
        </p>
        {again}
      </div>
    )
  return (
    <div class="smtp-state on" role="status">
      <p>
        <strong>E-mail is on</strong>, sent from <span class="smtp-from">{state.from}</span>.
      </p>
      <dl>
        <dt>Last e-mail sent</dt>
        <dd>{state.lastSentAt ? when(state.lastSentAt) : 'None since the backend started'}</dd>
        <dt>Last error</dt>
        <dd class={state.lastError ? 'field-error' : undefined}>
          {state.lastError
            ? `${when(state.lastError.at)}: ${state.lastError.message}`
            : 'None since the backend started'}
        </dd>
      </dl>
      {again}
    </div>
  )
}
