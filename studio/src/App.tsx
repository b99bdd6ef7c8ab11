import { useEffect, useState } from 'preact/hooks'
import type { StudioApi } from './api'
import { LoginForm } from './LoginForm'
import { Studio } from './Studio'

type Access = 'checking' | 'out' | 'in'

/** The studio page: the login form, or the studio once the session cookie is good. */
export function App({ api, publicUrl }: { api: StudioApi; publicUrl: string }) {
  const [access, setAccess] = useState<Access>('checking')
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    api.me().then(
      (loggedIn) => setAccess(loggedIn ? 'in' : 'out'),
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure))
        setAccess('out')
      },
    )
  }, [api])
  if (access === 'checking') return <p role="status">Loading…</p>
  if (access === 'out') {
    return (
      <>
        {error && (
          <p class="banner error" role="alert">
            {error}
          </p>
        )}
        <LoginForm api={api} onLoggedIn={() => setAccess('in')} />
      </>
    )
  }
  return (
    <Studio
      api={api}
      publicUrl={publicUrl}
      onLogout={() => {
        api.logout().finally(() => setAccess('out'))
      }}
    />
  )
}
