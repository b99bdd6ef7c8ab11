import { afterEach, describe, expect, it } from 'vitest'
import { identityHash } from '../../../server/session/identity'
import { ErrorBody } from '../../../shared/protocol/errors'
import { createTestConfig, TEST_IDENTITY_SECRET } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

// POST /api/identity/check: the WordPress plugin's "Test connection" asks it whether the
// secret pasted into the plugin is the backend's IDENTITY_SECRET.

let t: TestApp
afterEach(() => t?.stop())

async function check(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('/api/identity/check', { body, headers })
  return { res, json: (await res.json()) as unknown }
}

describe('POST /api/identity/check', () => {
  it('answers 200 valid for a hash made with the backend’s secret, and stores nothing', async () => {
    t = createTestApp()
    const { res, json } = await check({
      id: 'wp-check',
      hash: identityHash(TEST_IDENTITY_SECRET, 'wp-check'),
    })
    expect(res.status).toBe(200)
    expect(json).toEqual({ valid: true })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await t.deps.store.readAfter('user:wp-check', undefined, 10)).toEqual([])
  })

  it('accepts the call of a server, which sends no Origin', async () => {
    t = createTestApp()
    const res = await t.app.request('/api/identity/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '7', hash: identityHash(TEST_IDENTITY_SECRET, '7') }),
    })
    expect(res.status).toBe(200)
  })

  it('refuses a hash made with another secret with 401 invalid_identity', async () => {
    t = createTestApp()
    const { res, json } = await check({
      id: 'wp-check',
      hash: identityHash('not-the-secret', 'wp-check'),
    })
    expect(res.status).toBe(401)
    expect(ErrorBody.parse(json).error.code).toBe('invalid_identity')
    expect(ErrorBody.parse(json).error.message).toMatch(/IDENTITY_SECRET/)
  })

  it('says 400 identity_not_configured when the backend has no IDENTITY_SECRET', async () => {
    t = createTestApp({ config: createTestConfig({}, { IDENTITY_SECRET: undefined }) })
    const { res, json } = await check({ id: 'x', hash: identityHash('anything', 'x') })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json).error.code).toBe('identity_not_configured')
  })

  it('refuses a malformed body with 400 invalid_request', async () => {
    t = createTestApp()
    for (const body of [{}, { id: 'x', hash: 'zz' }, { id: '', hash: 'a'.repeat(64) }]) {
      const { res, json } = await check(body)
      expect(res.status).toBe(400)
      expect(ErrorBody.parse(json).error.code).toBe('invalid_request')
    }
  })

  it('shares the per-address session budget: 429 with Retry-After beyond it', async () => {
    t = createTestApp({ config: createTestConfig({}, { RATE_LIMIT_SESSIONS_PER_MINUTE: '2' }) })
    const body = { id: 'x', hash: identityHash(TEST_IDENTITY_SECRET, 'x') }
    expect((await check(body)).res.status).toBe(200)
    expect((await t.request('/api/session', { body: {} })).status).toBe(200)
    const { res, json } = await check(body)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(ErrorBody.parse(json).error.code).toBe('rate_limited')
  })
})
