import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { linkId } from '../../../server/email/resume-exchange'
import { identityHash } from '../../../server/session/identity'
import { resumeExchangeKey, resumeSpentKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { VisitorEvent } from '../../../server/store/types'
import { HistoryResponse, SessionResponse } from '../../../shared/widget-api'
import { TEST_IDENTITY_SECRET } from '../../support/test-config'
import { openSse } from '../support/sse-client'
import { stopAfterEach } from '../support/stop-after-each'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'
import { startTestServer, type TestServer } from '../support/test-server'

// The resume link's exchange is a hand-over: the link works once (a retry from the same
// device excepted), and every other credential of its visitor stops working.

const HOUR = 3_600_000

let t: TestApp
afterEach(() => t?.stop())
const servers = stopAfterEach((server: TestServer) => server.close())

function setUp() {
  const clock = { now: Date.UTC(2026, 10, 25, 12) }
  const now = () => clock.now
  t = createTestApp({ now, store: createMemoryStore({ now }) })
  return clock
}

async function visitorWhoWrote(text: string) {
  const visitor = await t.newVisitor()
  const res = await t.request('/api/messages', {
    token: visitor.token,
    body: { id: createClientId(), type: 'text', text },
  })
  expect(res.status).toBe(200)
  return visitor
}

async function linkOf(visitorId: string): Promise<string> {
  const url = await runtimeOf(t.app).resume.createResumeUrl({ visitorId })
  return url.slice(url.indexOf('/r/') + 3)
}

async function exchange(body: Record<string, unknown>) {
  const res = await t.request('/api/session', { body })
  expect(res.status).toBe(200)
  return SessionResponse.parse(await res.json())
}

async function history(token: string) {
  const res = await t.request('/api/history', { token })
  if (res.status !== 200) return res.status
  return HistoryResponse.parse(await res.json()).entries.map((entry) =>
    entry.content.type === 'text' ? entry.content.text : '',
  )
}

describe('POST /api/session {resume}: a hand-over', () => {
  it('spends the link: a second device is told it was used and keeps its own conversation', async () => {
    setUp()
    const owner = await visitorWhoWrote('Where is my order?')
    const link = await linkOf(owner.visitorId)
    const laptop = await exchange({ resume: link, device: createClientId() })
    expect(laptop).toMatchObject({ visitorId: owner.visitorId, resumed: 'ok' })
    const other = await visitorWhoWrote('My own question')
    const second = await exchange({ resume: link, token: other.token, device: createClientId() })
    expect(second).toMatchObject({ visitorId: other.visitorId, resumed: 'used' })
    expect(await history(second.token)).toEqual(['My own question'])
    // A fresh device without a token of its own gets a new, empty conversation.
    const fresh = await exchange({ resume: link, device: createClientId() })
    expect(fresh.resumed).toBe('used')
    expect(fresh.visitorId).not.toBe(owner.visitorId)
    expect(await history(fresh.token)).toEqual([])
  })

  it('is not spent by opening it (GET or HEAD /r/…: a mail scanner, a prefetch), only by the exchange', async () => {
    setUp()
    const owner = await visitorWhoWrote('Question')
    const link = await linkOf(owner.visitorId)
    for (const method of ['GET', 'HEAD', 'GET'])
      expect((await t.app.request(`/r/${link}`, { method })).status).toBe(302)
    expect(await history(owner.token)).toEqual(['Question'])
    expect((await exchange({ resume: link, device: createClientId() })).resumed).toBe('ok')
  })

  it('signs out every other holder of the visitor (the one who sent the link) and ends their streams', async () => {
    const clock = setUp()
    const attacker = await visitorWhoWrote('Hi, I need help')
    const link = await linkOf(attacker.visitorId)
    const events: VisitorEvent[] = []
    const unsubscribe = t.deps.store.subscribe(attacker.visitorId, (event) => events.push(event))
    clock.now += 1000
    const victim = await exchange({ resume: link, device: createClientId() })
    expect(victim.resumed).toBe('ok')
    expect(events.map((event) => event.event)).toContain('revoked')
    unsubscribe()
    expect(await history(attacker.token)).toBe(401)
    const res = await t.request('/api/messages', {
      token: victim.token,
      body: { id: createClientId(), type: 'text', text: 'my card is 4111' },
    })
    expect(res.status).toBe(200)
    expect(await history(victim.token)).toEqual(['Hi, I need help', 'my card is 4111'])
    // Nor does the sender get back in by renewing the token they had.
    const renewed = await t.request('/api/session', { body: { token: attacker.token } })
    expect(renewed.status).toBe(401)
  })

  it('ends the streams the sender has open (a real socket), and refuses their next one', async () => {
    const server = servers(await startTestServer({ store: createMemoryStore() }))
    const url = server.url
    const post = async (path: string, body: unknown, token?: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    const sender = SessionResponse.parse(await (await post('/api/session', {})).json())
    const stream = openSse(`${url}/api/events`, { authorization: `Bearer ${sender.token}` })
    await stream.ready
    expect(stream.status).toBe(200)
    const link = (await runtimeOf(server.app).resume.createResumeUrl(sender)).split('/r/')[1]
    const res = await post('/api/session', { resume: link, device: createClientId() })
    expect(SessionResponse.parse(await res.json()).resumed).toBe('ok')
    await expect.poll(() => stream.ended).toBe(true)
    const again = openSse(`${url}/api/events`, { authorization: `Bearer ${sender.token}` })
    await again.ready
    expect(again.status).toBe(401)
    again.close()
  })

  it('gives a retry from the same device (a lost answer, a second tab) the conversation again', async () => {
    const clock = setUp()
    const owner = await visitorWhoWrote('Question')
    const link = await linkOf(owner.visitorId)
    const device = createClientId()
    clock.now += 1000
    const first = await exchange({ resume: link, device })
    clock.now += 1000
    const retry = await exchange({ resume: link, device })
    expect(retry).toMatchObject({ visitorId: owner.visitorId, resumed: 'ok' })
    // The retry hands nothing over again: the first answer's token still works.
    expect(await history(first.token)).toEqual(['Question'])
    expect(await history(retry.token)).toEqual(['Question'])
    // Once the visitor signs out, not even that device opens it again.
    clock.now += 1000
    expect((await t.request('/api/session', { method: 'DELETE', token: retry.token })).status).toBe(
      204,
    )
    const after = await exchange({ resume: link, device })
    expect(after.resumed).toBe('used')
    expect(after.visitorId).not.toBe(owner.visitorId)
  })

  it('finishes a hand-over that stopped midway (a crash) when the same device tries again', async () => {
    setUp()
    const sender = await visitorWhoWrote('Question')
    const link = await linkOf(sender.visitorId)
    const device = createClientId()
    // What a crash right after spending the link leaves: its claim and the device, no generation.
    await t.deps.store.claim(resumeSpentKey(linkId(link)), HOUR)
    await t.deps.store.setRecord(resumeExchangeKey(linkId(link)), { device }, HOUR)
    expect((await exchange({ resume: link, device: createClientId() })).resumed).toBe('used')
    const retry = await exchange({ resume: link, device })
    expect(retry).toMatchObject({ visitorId: sender.visitorId, resumed: 'ok' })
    expect(await history(sender.token)).toBe(401)
    expect(await history(retry.token)).toEqual(['Question'])
  })

  it('ends the older links of the visitor too; a link made after the exchange works', async () => {
    const clock = setUp()
    const owner = await visitorWhoWrote('Question')
    const older = await linkOf(owner.visitorId)
    clock.now += 1000
    const newer = await linkOf(owner.visitorId)
    clock.now += 1000
    expect((await exchange({ resume: newer, device: createClientId() })).resumed).toBe('ok')
    expect((await exchange({ resume: older, device: createClientId() })).resumed).toBe('revoked')
    clock.now += 1000
    const next = await linkOf(owner.visitorId)
    expect((await exchange({ resume: next, device: createClientId() })).resumed).toBe('ok')
  })

  it('opens no guest link on a device signed in as a user, and leaves the link unspent', async () => {
    setUp()
    const planted = await visitorWhoWrote('Planted')
    const link = await linkOf(planted.visitorId)
    const user = { id: '42', hash: identityHash(TEST_IDENTITY_SECRET, '42') }
    const signedIn = await exchange({ user })
    const answer = await exchange({ resume: link, token: signedIn.token, device: createClientId() })
    expect(answer).toMatchObject({ visitorId: 'user:42', resumed: 'signed_in' })
    expect(await history(planted.token)).toEqual(['Planted'])
  })

  it('never merges a conversation a link handed over into the user who signs in after', async () => {
    setUp()
    const planted = await visitorWhoWrote('Planted by someone else')
    const link = await linkOf(planted.visitorId)
    const device = await exchange({ resume: link, device: createClientId() })
    expect(device.resumed).toBe('ok')
    const user = { id: '42', hash: identityHash(TEST_IDENTITY_SECRET, '42') }
    const signedIn = await exchange({ token: device.token, user })
    expect(signedIn.visitorId).toBe('user:42')
    expect(await history(signedIn.token)).toEqual([])
  })

  it('a link opened on the device that already holds its conversation changes nothing', async () => {
    setUp()
    const owner = await visitorWhoWrote('Question')
    const link = await linkOf(owner.visitorId)
    const same = await exchange({ resume: link, token: owner.token, device: createClientId() })
    expect(same).toMatchObject({ visitorId: owner.visitorId, resumed: 'ok' })
    expect(await history(owner.token)).toEqual(['Question'])
  })

  it('refuses a device id that is not one, with a clear error', async () => {
    setUp()
    const res = await t.request('/api/session', { body: { resume: 'r1.x', device: 'no good!' } })
    expect(res.status).toBe(400)
  })
})
