import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { identityHash } from '../../../server/session/identity'
import { createMemoryStore } from '../../../server/store/memory-store'
import { ErrorBody } from '../../../shared/protocol/errors'
import type { Settings } from '../../../shared/settings/settings-file'
import { HistoryResponse, SessionResponse } from '../../../shared/widget-api'
import { createTestSettings, TEST_IDENTITY_SECRET } from '../../support/test-config'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

const DAY = 86_400_000
const SITE = 'https://shop.example'

let t: TestApp
afterEach(() => t?.stop())

/** A test app on a clock the test moves (the store shares it). */
function setUp(settings?: Settings) {
  const clock = { now: Date.UTC(2026, 10, 25, 12) }
  const now = () => clock.now
  t = createTestApp({ now, store: createMemoryStore({ now }), ...(settings ? { settings } : {}) })
  return clock
}

/** A guest who wrote `text` from `url`; their token and id. */
async function visitorWhoWrote(text: string, url = `${SITE}/cart`) {
  const visitor = await t.newVisitor()
  const res = await t.request('/api/messages', {
    token: visitor.token,
    body: { id: createClientId(), type: 'text', text, url },
  })
  expect(res.status).toBe(200)
  return visitor
}

/** The token of the resume link the mailer would put in an e-mail to `visitorId`. */
async function resumeToken(visitorId: string): Promise<string> {
  const url = await runtimeOf(t.app).resume.createResumeUrl({ visitorId })
  expect(url.startsWith('http://porthole.test/r/')).toBe(true)
  return url.slice('http://porthole.test/r/'.length)
}

async function exchange(body: Record<string, unknown>) {
  const res = await t.request('/api/session', { body })
  return { status: res.status, json: await res.json() }
}

async function historyTexts(token: string): Promise<string[]> {
  const res = await t.request('/api/history', { token })
  expect(res.status).toBe(200)
  return HistoryResponse.parse(await res.json()).entries.map((entry) =>
    entry.content.type === 'text' ? entry.content.text : '',
  )
}

describe('GET /r/<token>: the resume link', () => {
  it('redirects to the page the visitor last wrote from, with the token in the fragment, never cached or referred', async () => {
    setUp()
    const visitor = await visitorWhoWrote('Where is my order?', `${SITE}/orders?id=7#list`)
    const token = await resumeToken(visitor.visitorId)
    for (const method of ['GET', 'HEAD']) {
      const res = await t.app.request(`/r/${token}`, { method })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${SITE}/orders?id=7#porthole-resume=${token}`)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    }
  })

  it('sends a tampered or unknown link to the site too (the widget shows the note), never an error page', async () => {
    setUp()
    for (const token of ['r1.bad', 'nonsense', '%0d%0aSet-Cookie:%20a=b']) {
      const res = await t.app.request(`/r/${token}`)
      expect(res.status, token).toBe(302)
      expect(res.headers.get('location')).toMatch(/^https:\/\/shop\.example\/#porthole-resume=/)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
  })

  it('answers any path segment with a redirect to the site: no 5xx, no other origin, nothing stored', async () => {
    setUp()
    const segment = fc.oneof(
      fc.string({ maxLength: 60 }).map(encodeURIComponent),
      fc.constantFrom('%', '%00', '..', '%2F..%2F', '__proto__', 'r1.%0d%0a', '%E0%A4%A'),
      fc.integer({ min: 500, max: 3000 }).map((n) => 'r1.'.padEnd(n, 'a')),
    )
    await fc.assert(
      fc.asyncProperty(segment, async (token) => {
        const res = await t.app.request(`/r/${token}`)
        if (res.status === 404) return // a segment that is not one (an encoded slash): no route
        expect(res.status).toBe(302)
        expect(res.headers.get('location')).toMatch(
          /^https:\/\/shop\.example\/#porthole-resume=[A-Za-z0-9_.-]{1,512}$/,
        )
      }),
      { numRuns: 200 },
    )
  })

  it("opens email.continueUrl when the site owner set one (read defensively from the settings' email key)", async () => {
    const settings = {
      ...createTestSettings(),
      email: { continueUrl: `${SITE}/help`, linkDays: 2 },
    } as Settings
    const clock = setUp(settings)
    const visitor = await visitorWhoWrote('Hello')
    const token = await resumeToken(visitor.visitorId)
    const res = await t.app.request(`/r/${token}`)
    expect(res.headers.get('location')).toBe(`${SITE}/help#porthole-resume=${token}`)
    // email.linkDays: 2 days, not the default 7.
    clock.now += 2 * DAY
    expect((await exchange({ resume: token })).json.resumed).toBe('expired')
  })
})

describe('POST /api/session {resume}: the exchange', () => {
  it('gives a credential of the link’s visitor, with the whole conversation, on another device', async () => {
    setUp()
    const visitor = await visitorWhoWrote('Where is my order?')
    const token = await resumeToken(visitor.visitorId)
    const { status, json } = await exchange({ resume: token, device: createClientId() })
    expect(status).toBe(200)
    const session = SessionResponse.parse(json)
    expect(session).toMatchObject({ visitorId: visitor.visitorId, resumed: 'ok' })
    expect((await historyTexts(session.token))[0]).toBe('Where is my order?')
    // The visitor writes on with it.
    const res = await t.request('/api/messages', {
      token: session.token,
      body: { id: createClientId(), type: 'text', text: 'from the laptop' },
    })
    expect(res.status).toBe(200)
    expect(await historyTexts(session.token)).toEqual(['Where is my order?', 'from the laptop'])
  })

  it('an expired link gives a new, empty conversation, never the link’s', async () => {
    const clock = setUp()
    const visitor = await visitorWhoWrote('Private question')
    const token = await resumeToken(visitor.visitorId)
    clock.now += 7 * DAY
    const session = SessionResponse.parse((await exchange({ resume: token })).json)
    expect(session.resumed).toBe('expired')
    expect(session.visitorId).not.toBe(visitor.visitorId)
    expect(await historyTexts(session.token)).toEqual([])
  })

  it('a tampered link gives a new conversation (invalid)', async () => {
    setUp()
    const visitor = await visitorWhoWrote('Private question')
    const token = await resumeToken(visitor.visitorId)
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    const session = SessionResponse.parse((await exchange({ resume: tampered })).json)
    expect(session.resumed).toBe('invalid')
    expect(session.visitorId).not.toBe(visitor.visitorId)
    expect(await historyTexts(session.token)).toEqual([])
  })

  it('a link stops working once the visitor signs out (DELETE /api/session) on any device', async () => {
    const clock = setUp()
    const visitor = await visitorWhoWrote('Question')
    const token = await resumeToken(visitor.visitorId)
    clock.now += 1000
    const out = await t.request('/api/session', { method: 'DELETE', token: visitor.token })
    expect(out.status).toBe(204)
    const session = SessionResponse.parse((await exchange({ resume: token })).json)
    expect(session.resumed).toBe('revoked')
    expect(session.visitorId).not.toBe(visitor.visitorId)
  })

  it('a sign-out on one instance ends the link on every other (one shared store)', async () => {
    const clock = setUp()
    const first = t
    const second = createTestApp({ now: first.deps.now, store: first.deps.store })
    try {
      const visitor = await visitorWhoWrote('Question')
      const token = await resumeToken(visitor.visitorId)
      clock.now += 1000
      const out = await first.request('/api/session', { method: 'DELETE', token: visitor.token })
      expect(out.status).toBe(204)
      const res = await second.request('/api/session', { body: { resume: token } })
      expect(SessionResponse.parse(await res.json()).resumed).toBe('revoked')
    } finally {
      second.stop()
    }
  })

  it("a bad link keeps this device's own conversation when its token still opens it", async () => {
    const clock = setUp()
    const other = await visitorWhoWrote('Theirs')
    const mine = await visitorWhoWrote('Mine')
    const token = await resumeToken(other.visitorId)
    clock.now += 8 * DAY
    const session = SessionResponse.parse(
      (await exchange({ resume: token, token: mine.token })).json,
    )
    expect(session).toMatchObject({ visitorId: mine.visitorId, resumed: 'expired' })
    expect(await historyTexts(session.token)).toEqual(['Mine'])
  })

  it("a verified user's link opens nothing by itself: the site identifies the user again", async () => {
    setUp()
    const user = { id: '42', hash: identityHash(TEST_IDENTITY_SECRET, '42') }
    const identified = SessionResponse.parse((await exchange({ user })).json)
    expect(identified.visitorId).toBe('user:42')
    const token = await resumeToken('user:42')
    const session = SessionResponse.parse((await exchange({ resume: token })).json)
    expect(session.resumed).toBe('identify')
    expect(session.visitorId).not.toBe('user:42')
    expect(session.visitorId).not.toMatch(/^user:/)
  })

  it('refuses resume and user together with a clear error', async () => {
    setUp()
    const user = { id: '42', hash: identityHash(TEST_IDENTITY_SECRET, '42') }
    const { status, json } = await exchange({ resume: 'r1.x', user })
    expect(status).toBe(400)
    expect(ErrorBody.parse(json).error.message).toMatch(/resume or user, not both/)
  })
})
