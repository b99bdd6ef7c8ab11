import { describe, expect, it } from 'vitest'
import { createStudioApi, isStudioApiError } from '../../studio/src/api'
import { answer, scriptedFetch } from './support/scripted-fetch'

function setup(...answers: Response[]) {
  const fetcher = scriptedFetch(...answers)
  return { api: createStudioApi(fetcher), fetcher }
}

describe('the studio’s API client', () => {
  it('saves with PUT and If-Match, reading the numeric version the API sends', async () => {
    const { api, fetcher } = setup(answer(200, { settings: { title: 'A' }, version: 8 }))
    await expect(api.save({ title: 'A' }, '7')).resolves.toEqual({
      settings: { title: 'A' },
      version: '8',
    })
    const [url, init] = fetcher.mock.calls[0] ?? []
    expect(url).toBe('/admin/api/settings')
    expect(init?.method).toBe('PUT')
    expect(init?.headers).toMatchObject({ 'if-match': '7', 'content-type': 'application/json' })
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'A' })
  })

  it('turns a 400 into an error with the fields, and a 412 into an error with its status', async () => {
    const fields = [{ path: 'color', message: 'must be a hex colour like #1f6feb' }]
    const { api } = setup(
      answer(400, { error: { code: 'invalid_settings', message: 'Not saved', fields } }),
      answer(412, { error: { code: 'version_conflict', message: 'changed' } }),
    )
    const invalid = await api.save({}, '1').catch((error: unknown) => error)
    expect(isStudioApiError(invalid) && invalid.fields).toEqual(fields)
    expect(isStudioApiError(invalid) && invalid.code).toBe('invalid_settings')
    const stale = await api.save({}, '1').catch((error: unknown) => error)
    expect(isStudioApiError(stale) && stale.status).toBe(412)
  })

  it('reads the version list, newest first as sent', async () => {
    const { api } = setup(
      answer(200, {
        current: 2,
        versions: [
          { version: 2, time: '2026-11-22T10:00:00.000Z', who: 'token' },
          { version: 1, time: '2026-11-21T10:00:00.000Z', who: 'password' },
        ],
      }),
    )
    expect((await api.versions()).map((item) => [item.version, item.who])).toEqual([
      ['2', 'token'],
      ['1', 'password'],
    ])
  })

  it('knows a logged-out browser from GET /admin/api/me, and a network failure says so', async () => {
    const { api } = setup(
      answer(200, { loggedIn: false }),
      answer(401, { error: { code: 'unauthorized', message: 'Log in' } }),
    )
    expect(await api.me()).toBe(false)
    expect(await api.me()).toBe(false)
    const failure = await api.load().catch((error: unknown) => error)
    expect(isStudioApiError(failure) && failure.code).toBe('network_error')
  })

  it('refuses an answer without settings and version instead of using it', async () => {
    const { api } = setup(answer(200, { settings: 'nope' }))
    const failure = await api.load().catch((error: unknown) => error)
    expect(isStudioApiError(failure) && failure.code).toBe('bad_answer')
  })
})

describe('the studio’s e-mail calls', () => {
  it('reads the e-mail state, keeping only what it understands', async () => {
    const { api, fetcher } = setup(
      answer(200, {
        configured: true,
        from: 'Northwind <chat@northwind.example>',
        lastError: { message: '451 later', at: 1767225600000 },
        lastSentAt: 1767225700000,
      }),
      answer(200, { configured: false, lastError: 'not an object' }),
      answer(200, { from: 'x' }),
    )
    await expect(api.emailState()).resolves.toEqual({
      configured: true,
      from: 'Northwind <chat@northwind.example>',
      lastError: { message: '451 later', at: 1767225600000 },
      lastSentAt: 1767225700000,
    })
    expect(fetcher.mock.calls[0]?.[0]).toBe('/admin/api/email')
    await expect(api.emailState()).resolves.toEqual({ configured: false })
    const bad = await api.emailState().catch((error: unknown) => error)
    expect(isStudioApiError(bad) && bad.code).toBe('bad_answer')
  })

  it('asks for the preview with POST {lang, settings} and checks the answer', async () => {
    const rendered = { subject: 'S', html: '<p>H</p>', text: 'T' }
    const { api, fetcher } = setup(answer(200, rendered), answer(200, { subject: 'S' }))
    await expect(api.emailPreview('ru', { color: '#123456' })).resolves.toEqual(rendered)
    const [url, init] = fetcher.mock.calls[0] ?? []
    expect(url).toBe('/admin/api/email/preview')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ lang: 'ru', settings: { color: '#123456' } })
    const bad = await api.emailPreview('en', {}).catch((error: unknown) => error)
    expect(isStudioApiError(bad) && bad.code).toBe('bad_answer')
  })
})
