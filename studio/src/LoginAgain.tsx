import { useState } from 'preact/hooks'
import { isStudioApiError, type StudioApi } from './api'

/** The password again, inline, when the login ended while editing (the draft stays). */
export function LoginAgain({ api, onLoggedIn }: { api: StudioApi; onLoggedIn: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <form
      class="login-again"
      onSubmit={async (event) => {
        event.preventDefault()
        try {
          await api.login(password)
          onLoggedIn()
        } catch (failure) {
          setError(
            isStudioApiError(failure) && failure.status === 429
              ? 'Too many attempts. Try again in a minute.'
              : 'Wrong password.',
          )
        }
      }}
    >
      <label for="password-again">Password</label>
      <input
        id="password-again"
        type="password"
        autocomplete="current-password"
        value={password}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'password-again-error' : undefined}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={!password}>
        Log in
      </button>
      {error && (
        <span class="field-error" id="password-again-error">
          {error}
        </span>
      )}
    </form>
  )
}
