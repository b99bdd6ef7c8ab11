import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { MailItem } from '../../../server/email/mail-item'
import { MAIL_SEND_SLOTS } from '../../../server/email/mail-outbox'
import { createSmtpTransport, type MailTransport } from '../../../server/email/smtp-transport'
import { emailItemKey } from '../../../server/store/keys'
import type { Store } from '../../../server/store/types'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { REAL_WORK } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import type { SmtpSink } from '../support/smtp-sink'
import { openSqliteEmailRig, type SqliteEmailRig } from '../support/sqlite-email-rig'
import { createTestApp, type TestApp } from '../support/test-app'

const MINUTE = 60_000
const FROM = 'chat@northwind.example'

describe('after an SMTP outage the waiting e-mails go out at once, on every instance (issue 39, item 15)', () => {
  let rig: SqliteEmailRig
  let sink: SmtpSink
  let store: Store
  let clock: number
  let apps: TestApp[]
  let open: number
  let most: number

  beforeEach(async () => {
    clock = Date.parse('2026-03-02T10:00:00Z')
    rig = await openSqliteEmailRig(() => clock)
    ;({ sink, store, apps } = rig)
    open = 0
    most = 0
  })

  afterEach(() => rig.close())

  /** One backend instance on the shared store; its SMTP conversations are counted with the others'. */
  function instance(): TestApp {
    const real = createSmtpTransport({ url: sink.url, from: { name: undefined, address: FROM } })
    const counting: MailTransport = {
      async send(mail) {
        open += 1
        most = Math.max(most, open)
        try {
          return await real.send(mail)
        } finally {
          open -= 1
        }
      },
      close: () => real.close(),
    }
    const t = createTestApp({
      store,
      now: () => clock,
      config: createTestConfig({}, { SMTP_URL: sink.url, EMAIL_FROM: FROM }),
      settings: createTestSettings({ email: { afterSeconds: 60 } }),
      email: { resumeUrl: async () => 'https://shop.example/', transport: counting },
    })
    apps.push(t)
    return t
  }

  async function missedReply(t: TestApp, n: number): Promise<string> {
    const res = await t.request('/api/session', {
      body: { contact: { email: `visitor${n}@example.com` } },
    })
    const { visitorId } = (await res.json()) as { visitorId: string }
    await confirmAddress(store, visitorId, `visitor${n}@example.com`)
    await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text: `Answer ${n}` } }),
    })
    return visitorId
  }

  const mailOf = (visitorId: string) => store.getRecord(emailItemKey(visitorId, 1), MailItem)

  it('one e-mail taken after the outage sends every waiting one, both instances’, once each, without waiting for their backoff', async () => {
    const a = instance()
    const b = instance()
    const ids: string[] = []
    for (let n = 0; n < 24; n++) ids.push(await missedReply(n % 2 === 0 ? a : b, n))
    clock += MINUTE + 1000
    sink.mode = 'tempfail'
    await runtimeOf(a.app).email.sweep()
    await runtimeOf(b.app).email.sweep()
    for (const id of ids) expect((await mailOf(id))?.state, id).toBe('pending')
    expect(sink.mails).toHaveLength(0)

    // SMTP takes e-mail again. The clock stands still: no e-mail is due for a while yet,
    // and one (A's) is tried at its own time; it is taken.
    sink.mode = 'accept'
    const first = emailItemKey(ids[0] ?? '', 1)
    const firstDue = (await mailOf(ids[0] ?? ''))?.nextAttemptAt ?? 0
    expect(firstDue).toBeGreaterThan(clock)
    // Both instances see an e-mail that waited taken at the same moment: two flushes race.
    const second = emailItemKey(ids[1] ?? '', 1)
    await Promise.all([
      runtimeOf(a.app).email.outbox?.deliver(first, true),
      runtimeOf(b.app).email.outbox?.deliver(second, true),
    ])
    await vi.waitFor(() => expect(sink.mails).toHaveLength(24), REAL_WORK)
    // The sink has the mail a moment before the sender records it as sent.
    await vi.waitFor(async () => {
      for (const id of ids) expect((await mailOf(id))?.state, id).toBe('sent')
    }, REAL_WORK)
    const messageIds = sink.mails.map((mail) => mail.headers.get('message-id'))
    expect(new Set(messageIds).size).toBe(24)
    // A few at a time per instance: the recovering server is not flooded.
    expect(most).toBeLessThanOrEqual(2 * MAIL_SEND_SLOTS)
    // Nothing more arrives: the instances' own timers and sweeps find them sent.
    clock += 30 * MINUTE
    await runtimeOf(a.app).email.sweep()
    await runtimeOf(b.app).email.sweep()
    expect(sink.mails).toHaveLength(24)
  })

  it('a starting instance sends what waited before it started, without waiting for the backoff', async () => {
    const before = instance()
    const ids: string[] = []
    for (let n = 0; n < 12; n++) ids.push(await missedReply(before, n))
    clock += MINUTE + 1000
    sink.mode = 'tempfail'
    await runtimeOf(before.app).email.sweep()
    await runtimeOf(before.app).email.sweep() // a second round: each has waited once
    before.stop()
    await runtimeOf(before.app).email.stop()
    sink.mode = 'accept'
    const after = instance()
    runtimeOf(after.app).email.start()
    await vi.waitFor(() => expect(sink.mails).toHaveLength(12), REAL_WORK)
    // The sink has the mail a moment before the sender records it as sent.
    await vi.waitFor(async () => {
      for (const id of ids) expect((await mailOf(id))?.state, id).toBe('sent')
    }, REAL_WORK)
  })

  it('a flush that meets a refusal stops: the rest keep their backoff', async () => {
    const a = instance()
    const ids: string[] = []
    for (let n = 0; n < 12; n++) ids.push(await missedReply(a, n))
    clock += MINUTE + 1000
    sink.mode = 'tempfail'
    await runtimeOf(a.app).email.sweep()
    const before = sink.mails.length
    await runtimeOf(a.app).email.outbox?.deliver(emailItemKey(ids[0] ?? '', 1), true)
    const attempts = await Promise.all(ids.map(async (id) => (await mailOf(id))?.attempts ?? 0))
    expect(sink.mails.length).toBe(before)
    // The refused e-mail was the one tried; no flush started.
    expect(attempts.filter((n) => n > 1)).toHaveLength(1)
  })
})
