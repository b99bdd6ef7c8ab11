import { useState } from 'preact/hooks'
import { isStudioApiError, type StudioApi } from './api'

/** The password form: wrong password and the rate limit each get their own message. */
export function LoginForm({ api, onLoggedIn }: { api: StudioApi; onLoggedIn: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await api.login(password)
      setPassword('')
      onLoggedIn()
    } catch (failure) {
      setError(
        isStudioApiError(failure) && failure.status === 429
          ? 'Too many attempts. Try again in a minute.'
          : isStudioApiError(failure) && (failure.status === 401 || failure.status === 403)
            ? 'Wrong password. Check it and try again; if it is lost, ask whoever set up Porthole for you.'
            : failure instanceof Error
              ? failure.message
              : String(failure),
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <main class="login">
      <form class="card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Porthole settings studio</h1>
        <div class={`field${error ? ' has-error' : ''}`}>
          <label for="password">Password</label>
          <input
            id="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'login-error' : undefined}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
          {error && (
            <p class="field-error" id="login-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" class="primary" disabled={busy || !password}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  )
}
