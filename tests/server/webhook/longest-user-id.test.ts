import { afterEach, describe, expect, it } from 'vitest'
import { identityHash } from '../../../server/session/identity'
import { SessionResponse } from '../../../shared/widget-api'
import { TEST_IDENTITY_SECRET, TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`

let t: TestApp | undefined
afterEach(() => t?.stop())

// The identity API takes user ids of up to 128 characters; the service knows the
// visitor by the sender.id Porthole sent (`user:<id>`) and answers to it (A3).
describe('the longest user ids the identity API allows', () => {
  it.each([
    ['128 ASCII characters', 'u'.repeat(128)],
    ['124 characters', `customer-${'7'.repeat(115)}`],
    ['128 non-ASCII characters', 'é'.repeat(128)],
    ['64 emoji (128 UTF-16 units)', '😀'.repeat(64)],
  ])('%s: identify, send, and the agent reply arrives in the log', async (_, userId) => {
    t = createTestApp()
    const app = t
    const identified = await app.request('/api/session', {
      body: { user: { id: userId, hash: identityHash(TEST_IDENTITY_SECRET, userId) } },
    })
    expect(identified.status).toBe(200)
    const { token, visitorId } = SessionResponse.parse(await identified.json())
    expect(visitorId).toBe(`user:${userId}`)

    const sent = await app.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'Where is my parcel?' },
    })
    expect(sent.status).toBe(200)
    const [a2] = app.service.messages() as { sender: { id: string } }[]
    expect(a2?.sender.id).toBe(visitorId)

    const hook = await app.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        createAgentMessage({ recipientId: a2?.sender.id, message: { text: 'On its way' } }),
      ),
    })
    expect(await hook.json()).toEqual({ result: 'ok' })
    const log = await app.deps.store.readAfter(visitorId, undefined, 100)
    expect(log.map((entry) => entry.content.type === 'text' && entry.content.text)).toEqual([
      'Where is my parcel?',
      'On its way',
    ])
  })

  it('still refuses a recipient id longer than any Porthole issues', async () => {
    t = createTestApp()
    const hook = await t.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(createAgentMessage({ recipientId: `user:${'u'.repeat(129)}` })),
    })
    expect(await hook.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })
})
