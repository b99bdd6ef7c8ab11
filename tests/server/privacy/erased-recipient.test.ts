import { afterEach, describe, expect, it } from 'vitest'
import { visitorErasedKey } from '../../../server/store/keys'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createTestApp, type TestApp } from '../support/test-app'

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`

let t: TestApp
afterEach(() => t?.stop())

async function deliver(body: unknown) {
  const res = await t.app.request(HOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

/** The state an erasure leaves: its record and, in a new log, the notice to the agents. */
async function erased(visitorId: string, at: number) {
  await t.deps.store.setRecord(visitorErasedKey(visitorId), { at })
  await t.deps.store.append(visitorId, {
    author: 'visitor',
    clientId: `erased-${at.toString(36)}`,
    content: { type: 'text', text: 'The visitor asked Porthole to erase their data' },
    at,
  })
}

describe('an agent message to a visitor whose data was erased', () => {
  it('is refused with a reason the agent sees, and nothing is stored, until the visitor writes again', async () => {
    t = createTestApp()
    const { store } = t.deps
    await erased('visitor-e', Date.now())

    const reply = await deliver(createAgentMessage({ recipientId: 'visitor-e' }))
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ error: { code: 'invalid_request' } })
    expect(JSON.stringify(reply.json)).toMatch(/erase their data/)
    expect((await store.readAfter('visitor-e', undefined, 10)).map((e) => e.author)).toEqual([
      'visitor',
    ])

    await store.append('visitor-e', {
      author: 'visitor',
      clientId: 'c-back',
      content: { type: 'text', text: 'I am back' },
      at: Date.now() + 1,
    })
    expect((await deliver(createAgentMessage({ recipientId: 'visitor-e' }))).json).toEqual({
      result: 'ok',
    })
    expect(await store.readAfter('visitor-e', undefined, 10)).toHaveLength(3)
  })

  it('of a visitor never erased is stored as before', async () => {
    t = createTestApp()
    expect((await deliver(createAgentMessage({ recipientId: 'visitor-n' }))).json).toEqual({
      result: 'ok',
    })
  })
})
