import { describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import type { MailItem } from '../../../server/email/mail-item'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { AgedKind, Store } from '../../../server/store/types'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { createTestApp } from '../support/test-app'
import { recordingTransport } from '../support/test-email-service'

describe('the A3 receiver and the missed-reply schedule', () => {
  it('answers 503 when the schedule cannot be stored, and the service’s repeat schedules it: nothing lost', async () => {
    let clock = Date.parse('2026-03-02T10:00:00Z')
    const memory = createMemoryStore({ now: () => clock })
    let failSchedule = true
    const store: Store = Object.assign(Object.create(memory) as Store, {
      async setAgedRecord(key: string, value: unknown, kind: AgedKind, at: number) {
        if (failSchedule && key.startsWith('email-due:')) throw new Error('store unreachable')
        return memory.setAgedRecord(key, value, kind, at)
      },
    })
    const sent: MailItem[] = []
    const t = createTestApp({
      store,
      now: () => clock,
      config: createTestConfig(
        {},
        { SMTP_URL: 'smtp://mail.invalid', EMAIL_FROM: 'chat@northwind.example' },
      ),
      settings: createTestSettings({ email: { afterSeconds: 60 } }),
      email: {
        resumeUrl: async () => 'https://shop.example/',
        transport: recordingTransport(sent),
      },
    })
    const session = await t.request('/api/session', {
      body: { contact: { email: 'ann@example.com' } },
    })
    const { visitorId } = (await session.json()) as { visitorId: string }
    await confirmAddress(t.deps.store, visitorId)
    const body = createAgentMessage({
      recipientId: visitorId,
      message: { text: 'Stored, not scheduled' },
    })
    const first = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, { body })
    expect(first.status).toBe(503)
    failSchedule = false
    const repeat = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, { body })
    expect(await repeat.json()).toEqual({ result: 'ok' })
    clock += 61_000
    await runtimeOf(t.app).email.sweep()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.text).toContain('Stored, not scheduled')
    t.stop()
    await runtimeOf(t.app).email.stop()
  })

  it('reports the state on the admin API: configured, the sender, the last error', async () => {
    const t = createTestApp({
      config: createTestConfig(
        {},
        {
          SMTP_URL: 'smtp://user:hunter2@mail.invalid',
          EMAIL_FROM: 'Northwind <chat@northwind.example>',
          ADMIN_PASSWORD: 'a-long-admin-password',
          ADMIN_TOKEN: 'admin-token-0123456789abcdef',
        },
      ),
    })
    const res = await t.app.request('/admin/api/email', {
      headers: { authorization: 'Bearer admin-token-0123456789abcdef' },
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      configured: true,
      from: 'Northwind <chat@northwind.example>',
    })
    expect(text).not.toContain('hunter2')
    expect((await t.app.request('/admin/api/email')).status).toBe(401)
    const off = createTestApp({
      config: createTestConfig(
        {},
        { ADMIN_PASSWORD: 'a-long-admin-password', ADMIN_TOKEN: 'admin-token-0123456789abcdef' },
      ),
    })
    const offRes = await off.app.request('/admin/api/email', {
      headers: { authorization: 'Bearer admin-token-0123456789abcdef' },
    })
    expect(await offRes.json()).toEqual({ configured: false })
    t.stop()
    off.stop()
  })
})
