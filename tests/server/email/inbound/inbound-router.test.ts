import { RegExpRouter } from 'hono/router/reg-exp-router'
import { describe, expect, it } from 'vitest'
import { TEST_WEBHOOK_SECRET } from '../../../support/test-config'
import { createAgentMessage } from '../../support/agent-message'
import { createInboundTestApp, type InboundTestApp } from '../../support/inbound-app'
import { FIXTURE_VISITOR } from '../../support/inbound-emails'
import { stopAfterEach } from '../../support/stop-after-each'

const started = stopAfterEach((t: InboundTestApp) => t.cleanup())

describe('the inbound route beside the A3 webhook', () => {
  it("keeps every route compiling in Hono's RegExpRouter", async () => {
    const t = started(await createInboundTestApp())
    const router = new RegExpRouter<string>()
    for (const route of t.app.routes) router.add(route.method, route.path, route.path)
    expect(() => router.match('POST', '/hooks/email/secret')).not.toThrow()
    await t.request('/healthz')
    expect(t.app.router.name).toBe('SmartRouter + RegExpRouter')
  })

  it('passes every other /hooks path on: A3 still works, an unknown /mime path is 404', async () => {
    const t = started(await createInboundTestApp())
    const agent = createAgentMessage({ recipientId: FIXTURE_VISITOR })
    const a3 = await t.app.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(agent),
    })
    expect(await a3.json()).toEqual({ result: 'ok' })
    expect(await t.deps.store.readAfter(FIXTURE_VISITOR, undefined, 10)).toHaveLength(1)
    const other = await t.app.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42/mime`, {
      method: 'POST',
      body: 'x',
    })
    expect(other.status).toBe(404)
  })
})
