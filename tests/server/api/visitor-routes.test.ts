import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exportFileName } from '../../../server/api/visitor-routes'
import { runtimeOf } from '../../../server/app'
import { StoreError } from '../../../server/store/errors'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

// GET /api/visitor/export and DELETE /api/visitor with the visitor's own credential.

describe('the visitor’s data: GET /api/visitor/export, DELETE /api/visitor', () => {
  const apps: TestApp[] = []
  afterEach(() => {
    for (const t of apps.splice(0)) t.stop()
  })

  async function visitorWith(t: TestApp, text: string, name: string) {
    const { token, visitorId } = await t.newVisitor()
    const session = await t.request('/api/session', {
      body: { token, contact: { name, email: 'ada@example.com' } },
    })
    expect(session.status).toBe(200)
    const sent = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text },
    })
    expect(sent.status).toBe(200)
    return { token, visitorId }
  }

  it('exports the messages and contact details as a JSON download', async () => {
    const t = createTestApp()
    apps.push(t)
    const { token, visitorId } = await visitorWith(t, 'my order 4471 is late', 'Ada')

    const res = await t.request('/api/visitor/export', { token })

    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${exportFileName(Date.now())}"`,
    )
    const body = await res.json()
    expect(body.visitor).toMatchObject({ id: visitorId, name: 'Ada', email: 'ada@example.com' })
    expect(body.messages).toEqual([
      expect.objectContaining({ from: 'visitor', text: 'my order 4471 is late', files: [] }),
    ])
    expect(Date.parse(body.exportedAt)).not.toBeNaN()
    expect(body).toMatchObject({ ratings: [], emails: [], consents: [], files: [] })
  })

  it('erases on DELETE with a receipt, tells the agents, revokes the credential; another visitor keeps all', async () => {
    const t = createTestApp()
    apps.push(t)
    const ada = await visitorWith(t, 'ERASE-1 my address is 12 Elm St', 'Ada')
    const bob = await visitorWith(t, 'KEEP-1 hello', 'Bob')

    const res = await t.request('/api/visitor', { method: 'DELETE', token: ada.token })

    expect(res.status).toBe(200)
    const receipt = await res.json()
    expect(receipt.erased).toMatchObject({ messages: 1, contact: 1, sessions: 1, files: 0 })
    expect(Date.parse(receipt.at)).not.toBeNaN()
    // The credential is revoked: a second call is refused as any revoked credential is.
    const again = await t.request('/api/visitor', { method: 'DELETE', token: ada.token })
    expect(again.status).toBe(401)
    expect((await again.json()).error.code).toBe('session_revoked')
    expect((await t.request('/api/visitor/export', { token: ada.token })).status).toBe(401)
    // Nothing of Ada's left in the store's log; Bob's intact.
    expect(await t.deps.store.readAfter(ada.visitorId, undefined, 10)).toEqual([
      expect.objectContaining({
        author: 'visitor',
        content: expect.objectContaining({
          text: expect.stringContaining('asked Porthole to erase'),
        }),
      }),
    ])
    const bobExport = await (await t.request('/api/visitor/export', { token: bob.token })).json()
    expect(bobExport.messages.map((m: { text: string }) => m.text)).toEqual(['KEEP-1 hello'])
    // The agents got the notice as a customer message.
    const last = z
      .object({ sender: z.object({ id: z.string() }), message: z.object({ text: z.string() }) })
      .parse(t.service.messages().at(-1))
    expect(last.sender.id).toBe(ada.visitorId)
    expect(last.message.text).toContain('asked Porthole to erase their data')
    expect(JSON.stringify(last)).not.toContain('Ada')
  })

  it('needs the visitor’s credential', async () => {
    const t = createTestApp()
    apps.push(t)
    expect((await t.request('/api/visitor/export')).status).toBe(401)
    expect((await t.request('/api/visitor', { method: 'DELETE' })).status).toBe(401)
  })
})

describe('an erasure that fails part way', () => {
  it('answers 503, logs how to finish it, and the operator’s erasure finishes it', async () => {
    const store = createMemoryStore()
    let failures = 1
    const t = createTestApp({
      store: {
        ...store,
        async eraseVisitor(visitorId, keys) {
          if (failures-- > 0) throw new StoreError('disk full')
          return store.eraseVisitor(visitorId, keys)
        },
      },
    })
    const { token, visitorId } = await t.newVisitor()
    await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'please forget me' },
    })

    const res = await t.request('/api/visitor', { method: 'DELETE', token })

    // A store failure: 503, as everywhere a retry may work.
    expect(res.status).toBe(503)
    expect(t.logs.join('\n')).toContain('visitor erasure stopped part way')
    const data = runtimeOf(t.app).visitorData
    expect(await data.state(visitorId)).toBe('known')
    const receipt = await data.erase(visitorId, 'admin token')
    expect(receipt.erased.messages).toBe(1)
    expect(await data.state(visitorId)).toBe('erased')
    t.stop()
  })
})
