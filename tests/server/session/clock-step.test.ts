import { afterEach, describe, expect, it } from 'vitest'
import { createSessions } from '../../../server/session/sessions'
import { createMemoryStore } from '../../../server/store/memory-store'
import { SessionResponse } from '../../../shared/widget-api'
import { TEST_SESSION_SECRET } from '../../support/test-config'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

const MINUTE = 60_000

let t: TestApp | undefined
afterEach(() => t?.stop())

/** An app on a clock the test steps (the store shares it). */
function clockedApp() {
  const clock = { now: Date.UTC(2026, 10, 22, 12) }
  const now = () => clock.now
  t = createTestApp({ now, store: createMemoryStore({ now }) })
  return { app: t, clock }
}

describe('visitor credentials across a clock that steps back', () => {
  it.each([
    ['6 minutes', 6 * MINUTE],
    ['an hour', 60 * MINUTE],
    ['two days (a restored VM)', 2 * 24 * 60 * MINUTE],
  ])('a token issued before a step back of %s still opens everything', async (_, step) => {
    const { app, clock } = clockedApp()
    const { token, visitorId } = await app.newVisitor()
    clock.now -= step

    const sent = await app.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'Still me' },
    })
    expect(sent.status).toBe(200)
    const ticket = await app.request('/api/events/ticket', { token, method: 'POST' })
    expect(ticket.status).toBe(200)
    const renewed = await app.request('/api/session', { body: { token } })
    expect(renewed.status).toBe(200)
    expect(SessionResponse.parse(await renewed.json()).visitorId).toBe(visitorId)
  })

  it('a stream ticket issued by an instance 10 minutes ahead opens the stream here', async () => {
    const clock = { now: Date.UTC(2026, 10, 22, 12) }
    const now = () => clock.now
    const sessions = createSessions({
      store: createMemoryStore({ now }),
      secret: TEST_SESSION_SECRET,
      ttlMs: 30 * 24 * 60 * MINUTE,
      keepMs: 30 * 24 * 60 * MINUTE,
      now,
    })
    const visitor = { visitorId: 'V1StGXR8_Z5jdHi6B-myT', kind: 'guest' as const }
    const { ticket } = sessions.ticket({ visitor, generation: 0 })
    clock.now -= 10 * MINUTE
    expect(await sessions.authenticateTicket(ticket)).toEqual({ visitor, generation: 0 })
  })
})
