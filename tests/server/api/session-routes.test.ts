import { afterEach, describe, expect, it } from 'vitest'
import { identityHash } from '../../../server/session/identity'
import { issueToken } from '../../../server/session/token'
import { ErrorBody } from '../../../shared/protocol/errors'
import { SessionResponse } from '../../../shared/widget-api'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { createTestConfig, TEST_IDENTITY_SECRET, TEST_SESSION_SECRET } from '../helpers/test-config'

let t: TestApp
afterEach(() => t?.stop())

async function session(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('/api/session', { body, headers })
  return { res, json: await res.json() }
}

describe('POST /api/session', () => {
  it('gives a new visitor an id and a signed token', async () => {
    t = createTestApp()
    const { res, json } = await session({})
    expect(res.status).toBe(200)
    const body = SessionResponse.parse(json)
    expect(body.visitorId).toMatch(/^[A-Za-z0-9_-]{21}$/)
    expect(body.token).toBe(
      issueToken(TEST_SESSION_SECRET, { visitorId: body.visitorId, kind: 'guest' }),
    )
  })

  it('re-validates an existing token and keeps the visitor', async () => {
    t = createTestApp()
    const first = await t.newVisitor()
    const { res, json } = await session({ token: first.token })
    expect(res.status).toBe(200)
    expect(SessionResponse.parse(json).visitorId).toBe(first.visitorId)
  })

  it('refuses a forged or damaged token with 401', async () => {
    t = createTestApp()
    const forged = issueToken('another-secret-that-is-long-enough-000000', {
      visitorId: 'someone',
      kind: 'guest',
    })
    for (const token of [forged, 'garbage', `${(await t.newVisitor()).token}x`]) {
      const { res, json } = await session({ token })
      expect(res.status, token).toBe(401)
      expect(ErrorBody.parse(json).error.code).toBe('invalid_token')
    }
  })

  it('stores the contact and returns it on later sessions', async () => {
    t = createTestApp()
    const { json } = await session({ contact: { name: 'Ada', email: 'ada@example.com' } })
    const first = SessionResponse.parse(json)
    expect(first.contact).toEqual({ name: 'Ada', email: 'ada@example.com' })
    const again = SessionResponse.parse(
      (await session({ token: first.token, contact: { phone: '+123' } })).json,
    )
    expect(again.contact).toEqual({ name: 'Ada', email: 'ada@example.com', phone: '+123' })
  })

  it('makes a verified user’s id the visitor id, the same on every device', async () => {
    t = createTestApp()
    const user = {
      id: 'user-77',
      hash: identityHash(TEST_IDENTITY_SECRET, 'user-77'),
      name: 'Grace',
    }
    const a = SessionResponse.parse((await session({ user })).json)
    const b = SessionResponse.parse((await session({ user })).json)
    expect(a.visitorId).toBe('user-77')
    expect(b.visitorId).toBe('user-77')
    expect(a.contact.name).toBe('Grace')
  })

  it('refuses a wrong identity hash with 401 instead of making a guest', async () => {
    t = createTestApp()
    const { res, json } = await session({
      user: { id: 'user-77', hash: identityHash('wrong-secret-xxxxxxxx', 'user-77') },
    })
    expect(res.status).toBe(401)
    expect(ErrorBody.parse(json).error.code).toBe('invalid_identity')
  })

  it('explains that identity verification is off when IDENTITY_SECRET is unset', async () => {
    t = createTestApp({ config: createTestConfig({ identitySecret: undefined }) })
    const { res, json } = await session({ user: { id: 'u1', hash: 'a'.repeat(64) } })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json).error.message).toMatch(/IDENTITY_SECRET/)
  })

  it('names the bad field of an invalid body', async () => {
    t = createTestApp()
    const { res, json } = await session({ user: { id: 'u1', hash: 'nothex' } })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(json)).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/^user\.hash: /) },
    })
  })

  it('answers 400 to a body that is not JSON', async () => {
    t = createTestApp()
    const res = await t.request('/api/session', { body: '{not json' })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(await res.json()).error.code).toBe('invalid_request')
  })

  it('refuses a body over 8 KB with 413', async () => {
    t = createTestApp()
    const { res } = await session({ contact: { name: 'x'.repeat(10_000) } })
    expect(res.status).toBe(413)
  })

  it('limits sessions per address with 429 and Retry-After', async () => {
    t = createTestApp({ config: createTestConfig({}, { RATE_LIMIT_SESSIONS_PER_MINUTE: '3' }) })
    for (let i = 0; i < 3; i++) expect((await session({})).res.status).toBe(200)
    const { res, json } = await session({})
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(ErrorBody.parse(json).error.code).toBe('rate_limited')
  })

  it('refuses a browser on an origin that is not allowed', async () => {
    t = createTestApp()
    const { res, json } = await session({}, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(ErrorBody.parse(json).error.message).toMatch(/ALLOWED_ORIGINS/)
  })

  it('answers the CORS preflight of an allowed origin', async () => {
    t = createTestApp()
    const res = await t.app.request('/api/session', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example')
  })
})
