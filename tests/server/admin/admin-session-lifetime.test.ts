import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_MAX_AGE_MS } from '../../../server/admin/admin-sessions'
import { runtimeOf } from '../../../server/app'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'
const TOKEN = 'admin-token-0123456789abcdef'
const ORIGIN = 'http://porthole.test'
const HOUR = 3600_000

const apps: TestApp[] = []
afterEach(() => {
  for (const app of apps.splice(0)) app.stop()
})

/** One backend instance (a start, or one of several) on `store` with these credentials. */
async function instance(
  store: Store,
  env: Record<string, string>,
  now: () => number = Date.now,
): Promise<TestApp> {
  const t = createTestApp({ store, now, config: createTestConfig({}, env) })
  apps.push(t)
  await runtimeOf(t.app).settings.start()
  return t
}

async function login(t: TestApp, password = PASSWORD): Promise<string> {
  const res = await t.app.request('/admin/login', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  })
  expect(res.status).toBe(200)
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

async function loggedIn(t: TestApp, cookie: string): Promise<boolean> {
  const res = await t.app.request('/admin/api/settings', { headers: { cookie } })
  if (res.status !== 200 && res.status !== 401) throw new Error(`unexpected ${res.status}`)
  return res.status === 200
}

describe('studio logins and the credentials in force', () => {
  it('a new ADMIN_PASSWORD ends every login made with the old one', async () => {
    const store = createMemoryStore()
    const before = await instance(store, { ADMIN_PASSWORD: PASSWORD })
    const cookie = await login(before)
    expect(await loggedIn(before, cookie)).toBe(true)

    // A restart with the same password keeps the login (instances share the store).
    expect(await loggedIn(await instance(store, { ADMIN_PASSWORD: PASSWORD }), cookie)).toBe(true)

    const changed = await instance(store, { ADMIN_PASSWORD: 'a brand new passphrase' })
    expect(await loggedIn(changed, cookie)).toBe(false)
    // Gone for good: going back to the old password does not revive it.
    expect(await loggedIn(await instance(store, { ADMIN_PASSWORD: PASSWORD }), cookie)).toBe(false)
    // The new password logs in as usual.
    const fresh = await login(changed, 'a brand new passphrase')
    expect(await loggedIn(changed, fresh)).toBe(true)
  })

  it('a new ADMIN_TOKEN ends password logins too', async () => {
    const store = createMemoryStore()
    const first = await instance(store, { ADMIN_PASSWORD: PASSWORD, ADMIN_TOKEN: TOKEN })
    const cookie = await login(first)
    const rotated = await instance(store, {
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_TOKEN: `${TOKEN}-rotated`,
    })
    expect(await loggedIn(rotated, cookie)).toBe(false)
  })

  it('a login made before sessions were bound (no binding stored) must log in again', async () => {
    const store = createMemoryStore()
    const t = await instance(store, { ADMIN_PASSWORD: PASSWORD })
    const cookie = await login(t)
    const [key] = await store.listRecords('admin-session:')
    if (!key) throw new Error('no session stored')
    await store.setRecord(key, { createdAt: Date.now(), seenAt: Date.now() }, HOUR)
    expect(await loggedIn(t, cookie)).toBe(false)
  })
})

describe('the absolute lifetime of a studio login', () => {
  it('ends after 7 days however often it is used (once every 7 h kept it alive for 8.8 days)', async () => {
    let now = 1_000_000_000
    const t = await instance(createMemoryStore(), { ADMIN_PASSWORD: PASSWORD }, () => now)
    const cookie = await login(t)
    const start = now
    while (now + 7 * HOUR < start + ADMIN_MAX_AGE_MS) {
      now += 7 * HOUR
      expect(await loggedIn(t, cookie), `after ${(now - start) / HOUR} h`).toBe(true)
    }
    now = start + ADMIN_MAX_AGE_MS
    expect(await loggedIn(t, cookie)).toBe(false)
    // The password still opens a new one.
    expect(await loggedIn(t, await login(t))).toBe(true)
  })

  it('the renewed cookie never outlives the absolute end', async () => {
    let now = 1_000_000_000
    const t = await instance(createMemoryStore(), { ADMIN_PASSWORD: PASSWORD }, () => now)
    const cookie = await login(t)
    const me = () => t.app.request('/admin/api/me', { headers: { cookie } })
    const last = now + ADMIN_MAX_AGE_MS - 2 * HOUR
    while (now + 7 * HOUR < last) {
      now += 7 * HOUR
      await me()
    }
    now = last
    const res = await me()
    expect(await res.json()).toMatchObject({ loggedIn: true })
    // 2 h left of the 7 days, not the 8 h a use gives.
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=7200(;|$)/)
  })
})
