import { afterEach, describe, expect, it, vi } from 'vitest'
import { GLOBAL_WRONG_PASSWORDS_PER_MINUTE } from '../../../server/admin/login-brake'
import { runtimeOf } from '../../../server/app'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'
const ORIGIN = 'http://porthole.test'

let t: TestApp
afterEach(() => {
  t?.stop()
  vi.useRealTimers()
})

async function studio(): Promise<TestApp> {
  t = createTestApp({
    config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' }),
  })
  await runtimeOf(t.app).settings.start()
  return t
}

const loginFrom = (ip: string, password: string) =>
  t.app.request('/admin/login', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ password }),
  })

async function metric(outcome: string): Promise<number> {
  const text = await runtimeOf(t.app).metrics.registry.render()
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`porthole_admin_logins_total{outcome="${outcome}"}`))
  return Number(line?.split(' ')[1] ?? 0)
}

describe('the global brake on studio logins', () => {
  it('holds logins from new addresses once all addresses together guessed too often', async () => {
    // The counters' one-minute windows stand still, however slow the machine: no
    // window may end in the middle of the test.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    await studio()
    // The owner logged in before from their office.
    expect((await loginFrom('192.0.2.10', PASSWORD)).status).toBe(200)

    // 40 addresses, 5 guesses each: each within its per-address limit.
    const statuses: number[] = []
    for (let round = 0; round < 5; round++)
      for (let n = 1; n <= 40; n++)
        statuses.push((await loginFrom(`203.0.113.${n}`, `guess-${round}-${n}`)).status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(GLOBAL_WRONG_PASSWORDS_PER_MINUTE)
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - GLOBAL_WRONG_PASSWORDS_PER_MINUTE)

    // Even the right password from a new address waits, and is told how long.
    const held = await loginFrom('198.51.100.77', PASSWORD)
    expect(held.status).toBe(429)
    const retryAfter = Number(held.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await held.json()).toMatchObject({
      error: { code: 'too_many_attempts', message: expect.stringMatching(/many addresses/) },
    })

    // The owner's known address is not held.
    expect((await loginFrom('192.0.2.10', PASSWORD)).status).toBe(200)

    // One log line when the brake engaged, and the metric for alerts.
    const engaged = t.logs.filter((line) => line.includes('login brake engaged'))
    expect(engaged).toHaveLength(1)
    expect(JSON.parse(engaged[0] ?? '{}')).toMatchObject({
      level: 'warn',
      wrongPasswords: GLOBAL_WRONG_PASSWORDS_PER_MINUTE,
    })
    expect(await metric('wrong_password')).toBe(GLOBAL_WRONG_PASSWORDS_PER_MINUTE)
    expect(await metric('braked')).toBe(200 - GLOBAL_WRONG_PASSWORDS_PER_MINUTE + 1)
    expect(await metric('ok')).toBe(2)

    // Not for long: the brake lets go when its minute is over.
    vi.advanceTimersByTime(retryAfter * 1000)
    expect((await loginFrom('198.51.100.77', PASSWORD)).status).toBe(200)
  })

  it('is off below the limit: a few wrong passwords do not hold anyone', async () => {
    await studio()
    for (let n = 1; n < GLOBAL_WRONG_PASSWORDS_PER_MINUTE; n++)
      expect((await loginFrom(`203.0.113.${n}`, 'nope-nope-nope')).status).toBe(401)
    expect((await loginFrom('198.51.100.77', PASSWORD)).status).toBe(200)
    expect(t.logs.some((line) => line.includes('login brake engaged'))).toBe(false)
  })
})
