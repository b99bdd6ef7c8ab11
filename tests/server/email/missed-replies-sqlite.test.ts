import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import type { Store } from '../../../server/store/types'
import { HistoryResponse } from '../../../shared/widget-api'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { decodeParts, type SmtpSink } from '../support/smtp-sink'
import { openSqliteEmailRig, type SqliteEmailRig } from '../support/sqlite-email-rig'
import { createTestApp, type TestApp } from '../support/test-app'

const START = Date.parse('2026-03-02T10:00:00Z')

describe('missed replies by e-mail, sqlite store, real SMTP on loopback', () => {
  let rig: SqliteEmailRig
  let sink: SmtpSink
  let store: Store
  let clock: number
  let t: TestApp

  beforeEach(async () => {
    clock = START
    const now = () => clock
    rig = await openSqliteEmailRig(now)
    ;({ sink, store } = rig)
    t = createTestApp({
      store,
      now,
      config: createTestConfig(
        {},
        { SMTP_URL: sink.url, EMAIL_FROM: 'Northwind <chat@northwind.example>' },
      ),
      settings: createTestSettings({ email: { afterSeconds: 60 }, color: '#aa3300' }),
      email: { resumeUrl: async (visitorId) => `https://shop.example/?resume=${visitorId}` },
    })
    rig.apps.push(t)
  })

  afterEach(() => rig.close())

  async function visitorWithEmail(email = 'ann@example.com') {
    const res = await t.request('/api/session', {
      body: { contact: { email } },
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    })
    expect(res.status).toBe(200)
    const visitor = (await res.json()) as { visitorId: string; token: string }
    await confirmAddress(store, visitor.visitorId, email)
    return visitor
  }

  async function agentReply(visitorId: string, text: string) {
    const res = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text } }),
    })
    expect(await res.json()).toEqual({ result: 'ok' })
  }

  const sweep = () => runtimeOf(t.app).email.sweep()

  it('sends one e-mail for a burst of 10 replies once they stay unread for afterSeconds, in the visitor’s language', async () => {
    const { visitorId } = await visitorWithEmail()
    for (let i = 1; i <= 10; i++) {
      await agentReply(visitorId, `Reply number ${i}`)
      clock += 1000
    }
    clock = START + 59_000
    await sweep()
    expect(sink.mails).toHaveLength(0)
    clock = START + 60_500
    await sweep()
    await sweep()
    expect(sink.mails).toHaveLength(1)
    const [mail] = sink.mails
    expect(mail?.to).toEqual(['ann@example.com'])
    expect(mail?.from).toBe('chat@northwind.example')
    expect(mail?.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@northwind\.example>$/)
    expect(mail?.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/porthole\.test\/email\/unsubscribe\/[\w-]+\.[\w-]+>$/,
    )
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mail?.headers.get('subject')).toMatch(/=\?UTF-8\?/i) // Russian subject, encoded
    expect(mail?.headers.get('content-type')).toMatch(/^multipart\/alternative/)
    const decoded = decodeParts(mail?.raw ?? '')
    for (let i = 1; i <= 10; i++) expect(decoded).toContain(`Reply number ${i}`)
    expect(decoded).toContain('Продолжить разговор')
    expect(decoded).toContain(`https://shop.example/?resume=${visitorId}`)
    expect(decoded).toContain('#aa3300')
  })

  it('sends nothing when the visitor reads the replies in time (on any device)', async () => {
    const { visitorId, token } = await visitorWithEmail()
    await agentReply(visitorId, 'Are you there?')
    clock += 30_000
    const history = HistoryResponse.parse(await (await t.request('/api/history', { token })).json())
    const last = history.entries.at(-1)?.id ?? ''
    expect((await t.request('/api/read', { body: { upTo: last }, token })).status).toBe(200)
    clock += 120_000
    await sweep()
    expect(sink.mails).toHaveLength(0)
  })

  it('sends nothing to a visitor without an address', async () => {
    const res = await t.request('/api/session', { body: {} })
    const { visitorId } = (await res.json()) as { visitorId: string }
    await agentReply(visitorId, 'Hello?')
    clock += 61_000
    await sweep()
    expect(sink.mails).toHaveLength(0)
  })

  it('e-mails later replies in a second e-mail, never the first one’s again, at least afterSeconds after it', async () => {
    const { visitorId } = await visitorWithEmail()
    await agentReply(visitorId, 'First answer')
    clock += 61_000
    await sweep()
    expect(sink.mails).toHaveLength(1)
    clock += 1000
    await agentReply(visitorId, 'Second answer')
    clock += 59_000
    await sweep()
    expect(sink.mails).toHaveLength(1)
    clock += 2000
    await sweep()
    expect(sink.mails).toHaveLength(2)
    const second = decodeParts(sink.mails[1]?.raw ?? '')
    expect(second).toContain('Second answer')
    expect(second).not.toContain('First answer')
    expect(sink.mails[1]?.headers.get('message-id')).not.toBe(
      sink.mails[0]?.headers.get('message-id'),
    )
  })

  it('keeps the schedule across a restart: a new app on the same database sends it', async () => {
    const { visitorId } = await visitorWithEmail()
    await agentReply(visitorId, 'Before the restart')
    t.stop()
    await runtimeOf(t.app).email.stop()
    const again = createTestApp({ ...t.deps })
    clock += 61_000
    await runtimeOf(again.app).email.sweep()
    await runtimeOf(again.app).email.sweep()
    expect(sink.mails).toHaveLength(1)
    await runtimeOf(again.app).email.stop()
    again.stop()
  })
})
