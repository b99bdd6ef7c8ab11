// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StudioApiError } from '../../studio/src/api'
import { LoginForm } from '../../studio/src/LoginForm'
import { REAL_WORK } from '../support/timeouts'
import { createFakeStudioApi } from './support/fake-studio-api'

afterEach(cleanup)

function setup(login: (password: string) => Promise<void>) {
  const { api } = createFakeStudioApi()
  api.login = vi.fn(login)
  const onLoggedIn = vi.fn()
  const view = render(<LoginForm api={api} onLoggedIn={onLoggedIn} />)
  const submit = (password: string) => {
    fireEvent.input(view.getByLabelText('Password'), { target: { value: password } })
    fireEvent.click(view.getByRole('button', { name: 'Log in' }))
  }
  return { api, view, onLoggedIn, submit }
}

describe('LoginForm', () => {
  it('logs in with the password', async () => {
    const { api, submit, onLoggedIn } = setup(async () => {})
    submit('correct horse battery')
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalled(), REAL_WORK)
    expect(api.login).toHaveBeenCalledWith('correct horse battery')
  })

  it('says the password is wrong, tied to the field', async () => {
    const { view, submit, onLoggedIn } = setup(async () => {
      throw new StudioApiError(401, 'wrong_password', 'Wrong password.')
    })
    submit('nope')
    const alert = await view.findByRole('alert')
    expect(alert.textContent).toMatch(/Wrong password/)
    // A site owner sets no environment variable: the operator's hint is in the server's log.
    expect(alert.textContent).not.toMatch(/ADMIN_PASSWORD|ADMIN_TOKEN/)
    expect(view.getByLabelText('Password').getAttribute('aria-describedby')).toBe('login-error')
    expect(onLoggedIn).not.toHaveBeenCalled()
  })

  it('says to wait a minute after too many attempts (429)', async () => {
    const { view, submit } = setup(async () => {
      throw new StudioApiError(
        429,
        'too_many_attempts',
        'Too many login attempts: try again in 42 s.',
      )
    })
    submit('guess')
    expect((await view.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in a minute.',
    )
  })
})
