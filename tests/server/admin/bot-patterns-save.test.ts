import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { checkSettings } from '../../../shared/settings/settings-file'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const TOKEN = 'admin-token-0123456789abcdef'
const ENV = { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN: TOKEN }
const LOOKAHEAD = '(?=.*order)status'

const apps: TestApp[] = []
afterEach(() => {
  for (const app of apps.splice(0)) app.stop()
})

async function instance(store: Store): Promise<TestApp> {
  const t = createTestApp({ store, config: createTestConfig({}, ENV) })
  apps.push(t)
  await runtimeOf(t.app).settings.start()
  return t
}

const api = (t: TestApp, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.app.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'PUT'),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })

const withPattern = (pattern: string, title = 'Help desk') => ({
  title,
  bot: { rules: [{ name: 'order-status', patterns: ['status', pattern], reply: 'Tracking…' }] },
})

describe('bot patterns the linear-time engine cannot run, in the studio API', () => {
  it('a save is refused with a field error naming the pattern, and nothing is saved', async () => {
    const t = await instance(createMemoryStore())
    const before = await (await api(t, '/admin/api/settings')).json()
    const res = await api(t, '/admin/api/settings', { body: withPattern(LOOKAHEAD) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_settings',
        message: 'The settings were not saved: 1 field(s) need fixing.',
        fields: [
          {
            path: 'bot.rules.0.patterns.1',
            message: expect.stringMatching(/^cannot run in the linear-time matcher/),
          },
        ],
      },
    })
    expect((await (await api(t, '/admin/api/settings')).json()).version).toBe(before.version)
    expect(
      (await api(t, '/admin/api/settings', { body: withPattern('order\\s+status') })).status,
    ).toBe(200)
  })

  it('a version saved before stays in force across a restart, and is not restored as it is', async () => {
    const store = createMemoryStore()
    const first = await instance(store)
    // Saved by an earlier Porthole, whose studio took any JavaScript pattern.
    const old = checkSettings(withPattern(LOOKAHEAD, 'Saved in the studio'))
    if (!old.ok) throw new Error('the schema takes JavaScript patterns')
    const saved = await runtimeOf(first.app).settings.save(old.settings, 'password')
    if (!saved.ok) throw new Error('not saved')

    // Its texts and colours are not thrown away for one pattern (the bot skips that one).
    const restarted = await instance(store)
    expect(runtimeOf(restarted.app).settings.current().title).toBe('Saved in the studio')

    await api(restarted, '/admin/api/settings', { body: withPattern('order\\s+status', 'Fixed') })
    const restore = await api(
      restarted,
      `/admin/api/settings/versions/${saved.version.version}/restore`,
      { method: 'POST' },
    )
    expect(restore.status).toBe(400)
    expect(await restore.json()).toMatchObject({
      error: { code: 'invalid_settings', fields: [{ path: 'bot.rules.0.patterns.1' }] },
    })
    expect(runtimeOf(restarted.app).settings.current().title).toBe('Fixed')
  })
})
