import { afterEach, describe, expect, it } from 'vitest'
import { MAX_CONSENTS_PER_VISITOR } from '../../../server/api/consent-routes'
import { ErrorBody } from '../../../shared/protocol/errors'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => {
  t?.stop()
})

function consent(token: string | undefined, body: unknown) {
  return t.request('/api/visitor/consent', { body, ...(token ? { token } : {}) })
}

describe('POST /api/visitor/consent', () => {
  it('records the version with the backend’s time and answers 204 with no body', async () => {
    let clock = 1_800_000_000_000
    t = createTestApp({ now: () => clock })
    const { token, visitorId } = await t.newVisitor()
    const res = await consent(token, { version: '2026-05.v1_b' })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    clock += 1000
    expect((await consent(token, { version: '2026-06' })).status).toBe(204)
    expect(await t.deps.store.listConsents(visitorId)).toEqual([
      { version: '2026-05.v1_b', at: 1_800_000_000_000 },
      { version: '2026-06', at: 1_800_000_001_000 },
    ])
  })

  it('stores a retried version once, keeping the first time', async () => {
    let clock = 1_800_000_000_000
    t = createTestApp({ now: () => clock })
    const { token, visitorId } = await t.newVisitor()
    expect((await consent(token, { version: 'v1' })).status).toBe(204)
    clock += 60_000
    const retries = await Promise.all([1, 2, 3].map(() => consent(token, { version: 'v1' })))
    expect(retries.map((res) => res.status)).toEqual([204, 204, 204])
    expect(await t.deps.store.listConsents(visitorId)).toEqual([
      { version: 'v1', at: 1_800_000_000_000 },
    ])
  })

  it('answers 400 with a clear error for a bad version, and stores nothing', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const cases: [unknown, RegExp][] = [
      [{}, /version/],
      [{ version: '' }, /version: must not be empty/],
      [{ version: 'a'.repeat(65) }, /version: must be at most 64 characters/],
      [{ version: 'v 1' }, /version: may hold only letters/],
      [{ version: 'v1/../x' }, /version: may hold only letters/],
      [{ version: 'é' }, /version: may hold only letters/],
      [{ version: 3 }, /version: must be a string/],
      ['not json', /JSON/i],
    ]
    for (const [body, message] of cases) {
      const res = await consent(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const error = ErrorBody.parse(await res.json()).error
      expect(error.code).toBe('invalid_request')
      expect(error.message, JSON.stringify(body)).toMatch(message)
    }
    expect((await consent(token, { version: 'a'.repeat(64) })).status).toBe(204)
    expect((await t.deps.store.listConsents(visitorId)).map((c) => c.version)).toEqual([
      'a'.repeat(64),
    ])
  })

  it('needs the visitor’s token, and records for that visitor only', async () => {
    t = createTestApp()
    expect((await consent(undefined, { version: 'v1' })).status).toBe(401)
    expect((await consent('not-a-token', { version: 'v1' })).status).toBe(401)
    const one = await t.newVisitor()
    const two = await t.newVisitor()
    expect((await consent(one.token, { version: 'v1' })).status).toBe(204)
    expect(await t.deps.store.listConsents(two.visitorId)).toEqual([])
    expect(await t.deps.store.listConsents(one.visitorId)).toHaveLength(1)
  })

  it('refuses a new version past the most kept per visitor with 409, and still takes a known one', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    for (let i = 0; i < MAX_CONSENTS_PER_VISITOR; i++)
      await t.deps.store.recordConsent(visitorId, { version: `v${i}`, at: i })
    const refused = await consent(token, { version: 'one-more' })
    expect(refused.status).toBe(409)
    const error = ErrorBody.parse(await refused.json()).error
    expect(error.code).toBe('too_many_consents')
    expect(error.message).toMatch(/100 versions/)
    expect((await consent(token, { version: 'v7' })).status).toBe(204)
    expect(await t.deps.store.listConsents(visitorId)).toHaveLength(MAX_CONSENTS_PER_VISITOR)
  })

  it('is rate-limited per visitor with 429, bad bodies included', async () => {
    t = createTestApp({ config: createTestConfig({}, { RATE_LIMIT_MESSAGES_PER_MINUTE: '2' }) })
    const { token } = await t.newVisitor()
    expect((await consent(token, { version: '' })).status).toBe(400)
    expect((await consent(token, { version: 'v1' })).status).toBe(204)
    const limited = await consent(token, { version: 'v1' })
    expect(limited.status).toBe(429)
    expect(ErrorBody.parse(await limited.json()).error.code).toBe('rate_limited')
  })
})
