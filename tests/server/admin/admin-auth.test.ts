import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { isConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'
import { createTestConfig, createTestEnv } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'
const TOKEN = 'admin-token-0123456789abcdef'
const ORIGIN = 'http://porthole.test'

let t: TestApp
afterEach(() => t?.stop())

async function studio(env: Record<string, string> = {}): Promise<TestApp> {
  t = createTestApp({
    config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD, ADMIN_TOKEN: TOKEN, ...env }),
  })
  await runtimeOf(t.app).settings.start()
  return t
}

async function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  return t.app.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

async function login(headers: Record<string, string> = { origin: ORIGIN }): Promise<string> {
  const res = await call('/admin/login', { body: { password: PASSWORD }, headers })
  expect(res.status).toBe(200)
  const cookie = res.headers.get('set-cookie') ?? ''
  return cookie.split(';')[0] ?? ''
}

describe('settings studio access', () => {
  it('is off without ADMIN_PASSWORD: every /admin path is 404', async () => {
    t = createTestApp()
    for (const [method, path] of [
      ['POST', '/admin/login'],
      ['GET', '/admin/api/settings'],
      ['PUT', '/admin/api/settings'],
      ['GET', '/admin/api/me'],
    ] as const) {
      const res = await call(path, { method, headers: { authorization: `Bearer ${TOKEN}` } })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('refuses to start with a password under 12 characters, or a short token', () => {
    for (const env of [
      { ADMIN_PASSWORD: 'short-pass1' },
      { ADMIN_PASSWORD: PASSWORD, ADMIN_TOKEN: 'x'.repeat(23) },
    ]) {
      let error: unknown
      try {
        loadConfig(createTestEnv(env), { cwd: '/nonexistent-porthole-test' })
      } catch (caught) {
        error = caught
      }
      expect(isConfigError(error)).toBe(true)
      expect(String(error)).toMatch(/ADMIN_(PASSWORD|TOKEN): must be at least (12|24) characters/)
    }
    expect(
      loadConfig(createTestEnv({ ADMIN_PASSWORD: 'x'.repeat(12) }), { cwd: '/nonexistent' }).admin,
    ).toEqual({ password: 'x'.repeat(12), token: undefined })
  })

  it('answers 401 without credentials, and with a wrong token', async () => {
    await studio()
    const none = await call('/admin/api/settings')
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ error: { code: 'login_required' } })
    const wrong = await call('/admin/api/settings', {
      headers: { authorization: `Bearer ${TOKEN}x` },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: { code: 'invalid_token' } })
    expect(await (await call('/admin/api/me')).json()).toEqual({ loggedIn: false })
  })

  it('opens every /admin/api route to the bearer token, without a same-origin check', async () => {
    await studio()
    const auth = { authorization: `Bearer ${TOKEN}` }
    expect(await (await call('/admin/api/me', { headers: auth })).json()).toEqual({
      loggedIn: true,
      via: 'token',
    })
    const got = await call('/admin/api/settings', { headers: auth })
    expect(got.status).toBe(200)
    const { settings } = (await got.json()) as { settings: Record<string, unknown> }
    const put = await call('/admin/api/settings', {
      method: 'PUT',
      body: { ...settings, title: 'By token' },
      headers: { ...auth, origin: 'https://evil.example' },
    })
    expect(put.status).toBe(200)
    const versions = await (await call('/admin/api/settings/versions', { headers: auth })).json()
    expect(versions.versions[0]).toMatchObject({ version: 2, who: 'token' })
  })

  it('logs in with the password: an HttpOnly SameSite=Strict cookie for /admin, 8 h', async () => {
    await studio()
    const wrong = await call('/admin/login', {
      body: { password: 'nope' },
      headers: { origin: ORIGIN },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('set-cookie')).toBeNull()
    const res = await call('/admin/login', {
      body: { password: PASSWORD },
      headers: { origin: ORIGIN },
    })
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^porthole_admin=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/admin/)
    expect(cookie).toMatch(/Max-Age=28800/)
    expect(cookie).not.toMatch(/Secure/)
    const session = cookie.split(';')[0] ?? ''
    expect(await (await call('/admin/api/me', { headers: { cookie: session } })).json()).toEqual({
      loggedIn: true,
      via: 'password',
    })
    // The cookie is not the stored key: the store holds only its hash.
    const keys = await t.deps.store.listRecords('admin-session:')
    expect(keys).toHaveLength(1)
    expect(keys[0]).not.toContain(session.split('=')[1])
    // Logout ends it everywhere.
    const out = await call('/admin/logout', {
      method: 'POST',
      headers: { cookie: session, origin: ORIGIN },
    })
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    expect((await call('/admin/api/settings', { headers: { cookie: session } })).status).toBe(401)
  })

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    await studio({ PUBLIC_URL: 'https://chat.example.com' })
    const res = await call('/admin/login', {
      body: { password: PASSWORD },
      headers: { origin: 'https://chat.example.com' },
    })
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/)
  })

  it('refuses cookie writes from another site (CSRF), and allows same-origin ones', async () => {
    await studio()
    const session = await login()
    const { settings } = await (
      await call('/admin/api/settings', { headers: { cookie: session } })
    ).json()
    const body = { ...settings, title: 'Changed' }
    /** PUT /admin/api/settings with the session's cookie and these extra headers. */
    const save = (headers: Record<string, string>) =>
      call('/admin/api/settings', { method: 'PUT', body, headers: { cookie: session, ...headers } })
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ]
    for (const headers of crossSite) {
      const res = await save(headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(await res.json()).toMatchObject({ error: { code: 'cross_site_request' } })
    }
    expect(
      (
        await call('/admin/api/settings/versions/1/restore', {
          method: 'POST',
          headers: { cookie: session, origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403)
    const cross = await call('/admin/login', {
      body: { password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    })
    expect(cross.status).toBe(403)
    const sameOrigin: Record<string, string>[] = [
      { origin: ORIGIN },
      { 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of sameOrigin)
      expect((await save(headers)).status, JSON.stringify(headers)).toBe(200)
  })

  it('limits login attempts to 5 a minute per address (429 with Retry-After), right password or not', async () => {
    await studio({ TRUST_PROXY: '1' })
    const from = (ip: string, password: string) =>
      call('/admin/login', {
        body: { password },
        headers: { origin: ORIGIN, 'x-forwarded-for': ip },
      })
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', `guess-${i}`)).status).toBe(401)
    const limited = await from('203.0.113.7', PASSWORD)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ error: { code: 'too_many_attempts' } })
    // Another address is not affected.
    expect((await from('198.51.100.2', PASSWORD)).status).toBe(200)
  })

  it('expires a login after 8 hours without use, and keeps a used one alive', async () => {
    let now = 1_000_000_000
    t = createTestApp({
      now: () => now,
      config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD }),
    })
    await runtimeOf(t.app).settings.start()
    const session = await login()
    const me = async () =>
      (await (await call('/admin/api/me', { headers: { cookie: session } })).json()).loggedIn
    now += 7 * 3600_000
    expect(await me()).toBe(true)
    now += 7 * 3600_000
    expect(await me()).toBe(true)
    now += 8 * 3600_000
    expect(await me()).toBe(false)
  })

  it('never writes the password, the token or the cookie to the log', async () => {
    await studio()
    const session = await login()
    await call('/admin/login', { body: { password: `${PASSWORD}!` }, headers: { origin: ORIGIN } })
    await call('/admin/api/settings', { headers: { cookie: session } })
    await call('/admin/api/settings', { headers: { authorization: `Bearer ${TOKEN}` } })
    const log = t.logs.join('\n')
    expect(log).toContain('wrong password')
    // The studio tells the site owner "wrong password"; the operator's hint is here.
    expect(log).toContain('ADMIN_PASSWORD in the backend environment')
    for (const secret of [PASSWORD, TOKEN, session.split('=')[1] ?? 'x'])
      expect(log).not.toContain(secret)
  })
})
