import { afterEach, describe, expect, it } from 'vitest'
import { identityHash } from '../../../server/session/identity'
import { HistoryResponse, MAX_USER_ID_LENGTH, SessionResponse } from '../../../shared/widget-api'
import { startTestDemo, type TestDemo } from '../../support/demo'

const IDENTITY_SECRET = 'identity-secret-for-the-longest-ids'

let demo: TestDemo | undefined
afterEach(async () => {
  await demo?.dispose()
  demo = undefined
})

async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: new URL(url).origin,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

// The whole loop through the sandbox (the service emulated): the identity API's
// longest user id, a customer message (A2), an agent reply (A3) in the visitor's log.
describe('a signed-in user with the longest id the identity API allows', () => {
  it('identify -> send -> the agent’s reply via A3 arrives in the visitor’s log', async () => {
    demo = await startTestDemo({ env: { IDENTITY_SECRET } })
    const userId = `customer-${'9'.repeat(MAX_USER_ID_LENGTH - 9)}`
    expect(userId).toHaveLength(128)
    const identified = await postJson(`${demo.siteUrl}api/session`, {
      user: { id: userId, hash: identityHash(IDENTITY_SECRET, userId) },
    })
    expect(identified.status).toBe(200)
    const { token, visitorId } = SessionResponse.parse(await identified.json())
    expect(visitorId).toHaveLength(133)

    const sent = await postJson(
      `${demo.siteUrl}api/messages`,
      { id: 'longest-id-1', type: 'text', text: 'Where is my order?' },
      token,
    )
    expect(sent.status).toBe(200)
    const chat = demo.sandbox.service.chats
      .list({ state: 'all' })
      .find((candidate) => candidate.clientId === visitorId)
    if (!chat) throw new Error('the sandbox has no chat for the user')

    demo.sandbox.service.setAgentOnline('anna', true)
    const reply = demo.sandbox.service.sendAgentMessage(chat.id, {
      agentId: 'anna',
      message: { type: 'text', text: 'It ships today' },
    })
    expect(await reply.delivery).toMatchObject({ status: 'delivered' })

    const history = await fetch(`${demo.siteUrl}api/history?limit=50`, {
      headers: { authorization: `Bearer ${token}`, origin: new URL(demo.siteUrl).origin },
    })
    // The messages, not who took the chat (a `joined` entry may follow the agent's first).
    const texts = HistoryResponse.parse(await history.json())
      .entries.filter((entry) => entry.joined === undefined)
      .map((entry) => (entry.content.type === 'text' ? entry.content.text : ''))
    // After the customer's message; the bot's answer to it may land before or after the
    // agent's reply (both are on their way at once).
    expect(texts).toContain('Where is my order?')
    expect(texts.indexOf('It ships today')).toBeGreaterThan(texts.indexOf('Where is my order?'))
  }, 30_000)
})
