import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import type { MailItem } from '../../../server/email/mail-item'
import { createMemoryStore } from '../../../server/store/memory-store'
import { HistoryResponse } from '../../../shared/widget-api'
import {
  createTestConfig,
  createTestSettings,
  TEST_IDENTITY_SECRET,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { createTestApp } from '../support/test-app'
import { recordingTransport } from '../support/test-email-service'

describe('missed replies and identify', () => {
  async function mergedGuest() {
    let clock = Date.parse('2026-03-02T10:00:00Z')
    const sent: MailItem[] = []
    const t = createTestApp({
      store: createMemoryStore({ now: () => clock }),
      now: () => clock,
      config: createTestConfig(
        {},
        { SMTP_URL: 'smtp://mail.invalid', EMAIL_FROM: 'chat@x.example' },
      ),
      settings: createTestSettings({ email: { afterSeconds: 60 } }),
      email: {
        resumeUrl: async () => 'https://shop.example/',
        transport: recordingTransport(sent),
      },
    })
    const guest = (await (
      await t.request('/api/session', { body: { contact: { email: 'ann@example.com' } } })
    ).json()) as { visitorId: string; token: string }
    await confirmAddress(t.deps.store, guest.visitorId)
    await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: guest.visitorId, message: { text: 'To the guest' } }),
    })
    const id = 'user-7'
    const hash = createHmac('sha256', TEST_IDENTITY_SECRET).update(id).digest('hex')
    const user = (await (
      await t.request('/api/session', { body: { token: guest.token, user: { id, hash } } })
    ).json()) as { visitorId: string; token: string }
    expect(user.visitorId).not.toBe(guest.visitorId)
    const sweepLater = async () => {
      for (let i = 0; i < 2; i++) {
        clock += 61_000
        await runtimeOf(t.app).email.sweep()
      }
    }
    const done = async () => {
      t.stop()
      await runtimeOf(t.app).email.stop()
    }
    return { t, user, sent, sweepLater, done }
  }

  it('follow a guest merged into a user: the user’s read marker counts, the guest gets no e-mail of its own', async () => {
    const { t, user, sent, sweepLater, done } = await mergedGuest()
    const history = HistoryResponse.parse(
      await (await t.request('/api/history', { token: user.token })).json(),
    )
    const upTo = history.entries.at(-1)?.id ?? ''
    expect((await t.request('/api/read', { body: { upTo }, token: user.token })).status).toBe(200)
    await sweepLater()
    expect(sent).toHaveLength(0)
    await done()
  })

  it('e-mail the merged user the reply they did not read, once', async () => {
    const { sent, sweepLater, done } = await mergedGuest()
    await sweepLater()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.to).toBe('ann@example.com')
    expect(sent[0]?.text).toContain('To the guest')
    await done()
  })
})
