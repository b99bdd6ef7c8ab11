import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import type { AppDeps } from '../../../server/app-deps'
import { MailItem } from '../../../server/email/mail-item'
import { emailItemKey } from '../../../server/store/keys'
import type { Store } from '../../../server/store/types'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { startMissedReplyApp } from '../support/mail-apps'
import { crashingAfterSmtp, type SmtpSink } from '../support/smtp-sink'
import { openSqliteEmailRig, type SqliteEmailRig } from '../support/sqlite-email-rig'
import type { TestApp } from '../support/test-app'

const MINUTE = 60_000

describe('the e-mail outbox over real SMTP (sqlite): outages, refusals, crashes', () => {
  let rig: SqliteEmailRig
  let sink: SmtpSink
  let store: Store
  let clock: number
  let apps: TestApp[]

  beforeEach(async () => {
    clock = Date.parse('2026-03-02T10:00:00Z')
    rig = await openSqliteEmailRig(() => clock)
    ;({ sink, store, apps } = rig)
  })

  afterEach(() => rig.close())

  const start = (email: AppDeps['email'] = {}): TestApp =>
    startMissedReplyApp({ store, sink, now: () => clock, apps, email })

  async function missedReply(t: TestApp): Promise<string> {
    const res = await t.request('/api/session', { body: { contact: { email: 'ann@example.com' } } })
    const { visitorId } = (await res.json()) as { visitorId: string }
    await confirmAddress(store, visitorId)
    await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text: 'Your order shipped' } }),
    })
    clock += MINUTE + 1000
    return visitorId
  }

  /** A missed reply's first try, with the SMTP server answering as `mode` says. */
  async function firstTry(mode: SmtpSink['mode']) {
    const t = start()
    const email = runtimeOf(t.app).email
    sink.mode = mode
    const visitorId = await missedReply(t)
    await email.sweep()
    return { t, email, visitorId }
  }

  const item = async (visitorId: string) => store.getRecord(emailItemKey(visitorId, 1), MailItem)
  const metricsOf = async (t: TestApp) => runtimeOf(t.app).metrics.registry.render()

  it('loses nothing while the SMTP server is down for minutes, and delivers once when it is back', async () => {
    const t = start()
    const email = runtimeOf(t.app).email
    await sink.stop()
    const visitorId = await missedReply(t)
    for (let i = 0; i < 8; i++) {
      await email.sweep()
      clock += 2 * MINUTE
    }
    expect(sink.mails).toHaveLength(0)
    const waiting = await item(visitorId)
    expect(waiting?.state).toBe('pending')
    expect(waiting?.attempts).toBeGreaterThan(1)
    expect(email.status()).toMatchObject({
      configured: true,
      lastError: { message: expect.any(String) },
    })
    await sink.start()
    clock += 15 * MINUTE
    await email.sweep()
    await email.sweep()
    clock += 30 * MINUTE
    await email.sweep()
    expect(sink.mails).toHaveLength(1)
    expect((await item(visitorId))?.state).toBe('sent')
    expect(await metricsOf(t)).toMatch(/porthole_emails_total\{outcome="retried"\} [1-9]/)
  })

  it('retries a 4xx and delivers once the server takes it', async () => {
    const { email, visitorId } = await firstTry('tempfail')
    expect((await item(visitorId))?.error).toMatch(/^451 /)
    sink.mode = 'accept'
    clock += 5 * MINUTE
    await email.sweep()
    expect(sink.mails).toHaveLength(1)
  })

  it('stops at a 5xx refusal of the recipient: final, logged, never retried', async () => {
    const { t, email, visitorId } = await firstTry('reject')
    const refused = await item(visitorId)
    expect(refused).toMatchObject({ state: 'rejected', attempts: 1 })
    expect(refused?.error).toMatch(/^550 /)
    expect(t.logs.some((line) => line.includes('refused for good'))).toBe(true)
    sink.mode = 'accept'
    clock += 60 * MINUTE
    await email.sweep()
    expect(sink.mails).toHaveLength(0)
    expect((await item(visitorId))?.attempts).toBe(1)
  })

  it('gives up after a day with a log line and a metric', async () => {
    const t = start()
    const email = runtimeOf(t.app).email
    await sink.stop()
    const visitorId = await missedReply(t)
    for (let hour = 0; hour < 26 * 6; hour++) {
      await email.sweep()
      clock += 10 * MINUTE
    }
    expect((await item(visitorId))?.state).toBe('failed')
    expect(t.logs.some((line) => line.includes('e-mail given up'))).toBe(true)
    expect(await metricsOf(t)).toMatch(/porthole_emails_total\{outcome="failed"\} 1/)
  })

  it('after a crash between the SMTP answer and the record, sends at most one duplicate, with the same Message-ID', async () => {
    // The first instance's SMTP attempt is taken by the server, then the instance
    // "dies" before it records the answer: the item stays marked in flight.
    const crashing = crashingAfterSmtp(sink.url)
    const first = start({ transport: crashing })
    const visitorId = await missedReply(first)
    await runtimeOf(first.app).email.sweep()
    expect(sink.mails).toHaveLength(1)
    expect((await item(visitorId))?.inFlight).toBeDefined()
    first.stop()
    await runtimeOf(first.app).email.stop()

    const second = start()
    clock += MINUTE
    await runtimeOf(second.app).email.sweep()
    await runtimeOf(second.app).email.sweep()
    clock += 60 * MINUTE
    await runtimeOf(second.app).email.sweep()
    expect(sink.mails).toHaveLength(2)
    expect(sink.mails[1]?.headers.get('message-id')).toBe(sink.mails[0]?.headers.get('message-id'))
    expect((await item(visitorId))?.state).toBe('sent')
    expect(await metricsOf(second)).toMatch(/porthole_emails_total\{outcome="resent"\} 1/)
  })
})
