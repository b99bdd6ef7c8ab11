import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { ERASED_MESSAGE } from '../../../server/webhook/agent-messages'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { useRedisInstances } from '../support/redis-instances'
import { createTestApp, type TestApp } from '../support/test-app'

// After an erasure the agents get a notice; their reply to it (and anything else the
// service sends for that visitor) must not be stored again under the erased id.

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`
const REPLY = 'qzreply4v9t'
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function started(store?: Store): TestApp {
  const t = createTestApp(store ? { store } : {})
  cleanups.push(() => t.stop())
  return t
}

async function deliver(t: TestApp, recipientId: string) {
  const res = await t.app.request(HOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(createAgentMessage({ recipientId, message: { text: REPLY } })),
  })
  return { status: res.status, body: await res.json() }
}

/** Erases a new visitor through `one`; an agent's reply then reaches `two`. */
async function replyAfterErasure(one: TestApp, two: TestApp) {
  const { token, visitorId } = await one.newVisitor()
  const erased = await one.request('/api/visitor', { method: 'DELETE', token })
  expect(erased.status).toBe(200)
  const answer = await deliver(two, visitorId)
  const log = await two.deps.store.readAfter(visitorId, undefined, 100)
  return { answer, log, visitorId }
}

function expectRefused(result: Awaited<ReturnType<typeof replyAfterErasure>>, logs: string[]) {
  expect(result.answer).toEqual({
    status: 200,
    body: { error: { code: 'invalid_request', message: ERASED_MESSAGE } },
  })
  expect(JSON.stringify(result.log)).not.toContain(REPLY)
  expect(logs.some((line) => line.includes('agent message to an erased visitor dropped'))).toBe(
    true,
  )
}

describe('an agent reply to an erased visitor', () => {
  it('memory: is refused with a log line, and nothing is stored under the erased id', async () => {
    const t = started()
    expectRefused(await replyAfterErasure(t, t), t.logs)
    // Another visitor's reply is stored as always.
    const { visitorId } = await t.newVisitor()
    expect((await deliver(t, visitorId)).body).toEqual({ result: 'ok' })
  })

  it('sqlite: is refused, and nothing is stored under the erased id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-erased-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const store = openSqliteStore(join(dir, 'porthole.db'))
    cleanups.push(() => store.close())
    const t = started(store)
    expectRefused(await replyAfterErasure(t, t), t.logs)
  })
})

describeRedis('an agent reply to an erased visitor, on Redis with two instances', () => {
  const redis = useRedisInstances()

  it('erased through one instance, the reply reaching the other is refused', async () => {
    const prefix = `erased-reply-${Date.now().toString(36)}:`
    const one = started(await redis.openStore({ prefix }))
    const two = started(await redis.openStore({ prefix }))
    expectRefused(await replyAfterErasure(one, two), two.logs)
  })
})
