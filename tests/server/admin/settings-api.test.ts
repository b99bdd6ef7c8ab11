import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createLogger } from '../../../server/logging/logger'
import { createStore } from '../../../server/store/index'
import { PublicConfig } from '../../../shared/widget-api'
import { createTestConfig } from '../../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { createTestApp, type TestApp } from '../support/test-app'
import { startTestServer, type TestServer } from '../support/test-server'

const TOKEN = 'admin-token-0123456789abcdef'
const ADMIN_ENV = { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN: TOKEN }
const AUTH = { authorization: `Bearer ${TOKEN}` }

let t: TestApp | undefined
const servers: TestServer[] = []
const dirs: string[] = []
afterEach(async () => {
  t?.stop()
  t = undefined
  await Promise.all(servers.splice(0).map((server) => server.close()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function studio(): Promise<TestApp> {
  t = createTestApp({ config: createTestConfig({}, ADMIN_ENV) })
  await runtimeOf(t.app).settings.start()
  return t
}

type Saved = { settings: Record<string, unknown>; version: number }

async function api(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  base?: string,
): Promise<Response> {
  const headers: Record<string, string> = { ...AUTH, ...init.headers }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const request = {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  }
  if (base) return fetch(`${base}${path}`, request)
  if (!t) throw new Error('no app')
  return t.app.request(path, request)
}

async function load(base?: string): Promise<Saved> {
  const res = await api('/admin/api/settings', {}, base)
  expect(res.status).toBe(200)
  return (await res.json()) as Saved
}

async function save(settings: unknown, headers: Record<string, string> = {}, base?: string) {
  return api('/admin/api/settings', { method: 'PUT', body: settings, headers }, base)
}

describe('the settings API', () => {
  it('answers the settings in force with their version, defaults filled in, as an ETag too', async () => {
    await studio()
    const res = await api('/admin/api/settings')
    expect(res.headers.get('etag')).toBe('"1"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as Saved
    expect(body.version).toBe(1)
    expect(body.settings).toMatchObject({
      title: 'Help desk',
      color: '#112233',
      theme: 'auto',
      launcherLabel: 'never',
      offsets: { x: 20, y: 20 },
      defaultLang: 'en',
      invitations: [],
    })
  })

  it('refuses invalid settings with 400 invalid_settings naming each field, and changes nothing', async () => {
    await studio()
    const before = await load()
    const res = await save({
      ...before.settings,
      color: 'blue',
      title: { en: 'Hi', xx_bad: 'no' },
      invitations: [{ text: '', when: { secondsOnPage: -1, device: 'tv' }, frequency: 'always' }],
      businessHours: {
        timezone: 'Mars/Olympus',
        weekly: { mon: [{ from: '18:00', to: '09:00' }] },
      },
      offlineForm: { fields: { email: { shown: false }, phone: { shown: false, required: true } } },
      bot: {
        rules: [
          { name: 'prices', keywords: ['price'], reply: { type: 'MARKDOWN', content: '*9*' } },
        ],
      },
      colour: '#fff',
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as {
      error: { code: string; message: string; fields: { path: string; message: string }[] }
    }
    expect(body.error.code).toBe('invalid_settings')
    const paths = body.error.fields.map((field) => field.path)
    for (const path of [
      'color',
      'invitations.0.text',
      'invitations.0.when.secondsOnPage',
      'invitations.0.when.device',
      'invitations.0.frequency',
      'businessHours.timezone',
      'businessHours.weekly.mon.0.to',
      'offlineForm.fields.phone.required',
      'bot.rules.0.reply.text',
    ]) {
      expect(paths, path).toContain(path)
    }
    expect(body.error.fields.find((f) => f.path === 'color')?.message).toMatch(/hex colour/)
    expect(body.error.fields.find((f) => f.path === 'businessHours.timezone')?.message).toMatch(
      /time zone/,
    )
    expect(paths.some((path) => path.startsWith('title'))).toBe(true)
    expect(body.error.fields.some((f) => f.message.includes('colour'))).toBe(true)
    expect(await load()).toEqual(before)
    // Not JSON at all: 400 as well, nothing saved.
    const broken = await t?.app.request('/admin/api/settings', {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{ not json',
    })
    expect(broken?.status).toBe(400)
    expect((await load()).version).toBe(1)
  })

  it('saves with If-Match, and answers 412 to a stale one (nothing changes)', async () => {
    await studio()
    const first = await load()
    const saved = await save({ ...first.settings, title: 'First' }, { 'if-match': '"1"' })
    expect(saved.status).toBe(200)
    expect(saved.headers.get('etag')).toBe('"2"')
    expect(await saved.json()).toMatchObject({ version: 2, settings: { title: 'First' } })
    // A second editor still holding version 1.
    const stale = await save({ ...first.settings, title: 'Second' }, { 'if-match': '1' })
    expect(stale.status).toBe(412)
    expect(await stale.json()).toMatchObject({ error: { code: 'version_conflict' } })
    expect((await load()).settings.title).toBe('First')
    expect(
      (await save({ ...first.settings, title: 'Third' }, { 'if-match': 'W/"2"' })).status,
    ).toBe(200)
    // Without If-Match the last save wins.
    expect((await save({ ...first.settings, title: 'Fourth' })).status).toBe(200)
    expect(await load()).toMatchObject({ version: 4, settings: { title: 'Fourth' } })
    expect((await save(first.settings, { 'if-match': 'garbage' })).status).toBe(412)
    // Over 512 KiB: 413, nothing saved.
    const huge = await save({ ...first.settings, greeting: 'x'.repeat(600 * 1024) })
    expect(huge.status).toBe(413)
    expect((await load()).version).toBe(4)
  })

  it('lists versions newest first (who, time), shows one, and restores one as a new version', async () => {
    await studio()
    const base = await load()
    for (const title of ['A', 'B', 'C']) await save({ ...base.settings, title })
    const list = await (await api('/admin/api/settings/versions')).json()
    expect(list.current).toBe(4)
    expect(list.versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1])
    expect(list.versions[0]).toMatchObject({ who: 'token' })
    expect(list.versions[3]).toMatchObject({ who: 'file' })
    expect(new Date(list.versions[0].time).getTime()).toBeGreaterThan(0)
    const two = await (await api('/admin/api/settings/versions/2')).json()
    expect(two).toMatchObject({ version: 2, settings: { title: 'A' } })
    const restored = await api('/admin/api/settings/versions/2/restore', { method: 'POST' })
    expect(restored.status).toBe(200)
    expect(await restored.json()).toMatchObject({ version: 5, settings: { title: 'A' } })
    expect(await load()).toMatchObject({ version: 5, settings: { title: 'A' } })
    const after = await (await api('/admin/api/settings/versions')).json()
    expect(after.versions[0]).toMatchObject({ version: 5, restoredFrom: 2 })
    const missing = await api('/admin/api/settings/versions/99/restore', { method: 'POST' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: { code: 'version_not_found' } })
  })

  it('keeps the newest 100 versions of hundreds of saves, and their records only', async () => {
    await studio()
    const provider = runtimeOf((t as TestApp).app).settings
    const base = provider.current()
    for (let i = 0; i < 250; i++) {
      const result = await provider.save({ ...base, title: `Save ${i}` }, 'password')
      expect(result.ok).toBe(true)
    }
    const list = await (await api('/admin/api/settings/versions')).json()
    expect(list.versions).toHaveLength(100)
    expect(list.versions[0].version).toBe(251)
    expect(list.versions[99].version).toBe(152)
    expect(await t?.deps.store.listRecords('settings:version:')).toHaveLength(100)
    expect((await api('/admin/api/settings/versions/151')).status).toBe(404)
  })

  it('serialises concurrent saves: each gets its own version, If-Match lets one of a race win', async () => {
    await studio()
    const base = await load()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save({ ...base.settings, title: `Racer ${i}` }, { 'if-match': '1' }),
      ),
    )
    const statuses = results.map((res) => res.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 412)).toHaveLength(19)
    const free = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save({ ...base.settings, title: `Free ${i}` })),
    )
    const versions = await Promise.all(
      free.map(async (res) => ((await res.json()) as Saved).version),
    )
    expect(new Set(versions).size).toBe(10)
  })
})

describe('a save reaches GET /api/config without a restart', () => {
  it('at once on the instance that saved, with a new ETag', async () => {
    await studio()
    const before = await t?.app.request('/api/config')
    const etag = before?.headers.get('etag') ?? ''
    const { settings } = await load()
    await save({
      ...settings,
      title: { en: 'Talk to us', ru: 'Напишите нам' },
      color: '#aa0000',
      invitations: [
        { text: { en: 'Need a hand?', ru: 'Нужна помощь?' }, when: { secondsOnPage: 5 } },
      ],
    })
    const after = await t?.app.request('/api/config', { headers: { 'if-none-match': etag } })
    expect(after?.status).toBe(200)
    const config = PublicConfig.parse(await after?.json())
    // A once-per-session rule goes as a rule (one of the old kind would go as `invite`).
    expect(config).toMatchObject({
      title: 'Talk to us',
      color: '#aa0000',
      invitations: [
        { text: 'Need a hand?', when: { secondsOnPage: 5 }, frequency: 'once-per-session' },
      ],
    })
    const ru = await t?.app.request('/api/config', {
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' },
    })
    expect(ru?.headers.get('vary')).toMatch(/Accept-Language/)
    expect(await ru?.json()).toMatchObject({
      title: 'Напишите нам',
      invitations: [{ text: 'Нужна помощь?' }],
    })
  })

  it('on sqlite, across a restart and from a second process sharing the file, within 5 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-settings-'))
    dirs.push(dir)
    const env = { ...ADMIN_ENV, STORE_URL: `sqlite:${join(dir, 'porthole.db')}` }
    const a = await startTestServer({ env })
    servers.push(a)
    const b = await startTestServer({ env })
    servers.push(b)
    const { settings } = await load(a.url)
    expect((await save({ ...settings, title: 'Saved on A' }, {}, a.url)).status).toBe(200)
    expect((await (await fetch(`${a.url}/api/config`)).json()).title).toBe('Saved on A')
    await vi.waitFor(
      async () =>
        expect((await (await fetch(`${b.url}/api/config`)).json()).title).toBe('Saved on A'),
      { timeout: REAL_WORK_TIMEOUT_MS, interval: 100 },
    )
    await a.close()
    servers.splice(servers.indexOf(a), 1)
    // A restart reads the store, not the file (the file did not change).
    const again = await startTestServer({ env })
    servers.push(again)
    expect((await (await fetch(`${again.url}/api/config`)).json()).title).toBe('Saved on A')
  }, 20_000)
})

describe('a save reaches every instance on Redis', async () => {
  const { describeRedis, startRedisServer } = await import('../../../kit/redis-server')
  describeRedis('two instances on one Redis', () => {
    it('applies a save made on one instance on the other within 5 s', async () => {
      const redis = await startRedisServer()
      try {
        const logger = createLogger({ level: 'error', write: () => {} })
        const stores = await Promise.all([
          createStore(redis.url, { logger }),
          createStore(redis.url, { logger }),
        ])
        const env = { ...ADMIN_ENV, STORE_URL: redis.url }
        const [a, b] = await Promise.all(stores.map((store) => startTestServer({ env, store })))
        if (!a || !b) throw new Error('not started')
        servers.push(a, b)
        const { settings } = await load(a.url)
        const started = Date.now()
        expect((await save({ ...settings, greeting: 'Saved on A' }, {}, a.url)).status).toBe(200)
        await vi.waitFor(
          async () =>
            expect((await (await fetch(`${b.url}/api/config`)).json()).greeting).toBe('Saved on A'),
          { timeout: REAL_WORK_TIMEOUT_MS, interval: 100 },
        )
        expect(Date.now() - started).toBeLessThan(5000)
        // A login on A opens B too (logins live in the store), and logout on B ends it on A.
        const login = await fetch(`${a.url}/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://porthole.test' },
          body: JSON.stringify({ password: ADMIN_ENV.ADMIN_PASSWORD }),
        })
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
        const me = async (url: string) =>
          (await (await fetch(`${url}/admin/api/me`, { headers: { cookie } })).json()).loggedIn
        expect(await me(b.url)).toBe(true)
        await fetch(`${b.url}/admin/logout`, {
          method: 'POST',
          headers: { cookie, origin: 'http://porthole.test' },
        })
        expect(await me(a.url)).toBe(false)
        // And the other way round, with a stale If-Match from A refused by B's store.
        const fromB = await load(b.url)
        expect(fromB.version).toBe(2)
        expect(
          (await save({ ...settings, greeting: 'Stale' }, { 'if-match': '1' }, b.url)).status,
        ).toBe(412)
        await Promise.all(servers.splice(0).map((server) => server.close()))
        await Promise.all(stores.map((store) => store.close()))
      } finally {
        await redis.stop()
      }
    }, 30_000)
  })
})
