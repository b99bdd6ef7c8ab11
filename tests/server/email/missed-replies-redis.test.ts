import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { runtimeOf } from '../../../server/app'
import type { AppDeps } from '../../../server/app-deps'
import { createRedisStore } from '../../../server/store/redis-store'
import type { Store } from '../../../server/store/types'
import { HistoryResponse } from '../../../shared/widget-api'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { startMissedReplyApp, stopMailApps } from '../support/mail-apps'
import { crashingAfterSmtp, decodeParts, type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import type { TestApp } from '../support/test-app'

const MINUTE = 60_000

describeRedis('missed replies on two instances sharing Redis, real SMTP on loopback', () => {
  const redis = useRedisServer()
  let sink: SmtpSink
  let clock: number
  let prefix: string
  let apps: TestApp[]

  beforeEach(async () => {
    sink = await startSmtpSink()
    clock = Date.parse('2026-03-02T10:00:00Z')
    prefix = `porthole-email-${randomUUID().slice(0, 8)}:`
    apps = []
  })

  afterEach(async () => {
    await stopMailApps(apps)
    await sink.stop()
  })

  async function instance(email: AppDeps['email'] = {}): Promise<TestApp> {
    const store: Store = redis.closeAfterTest(
      await createRedisStore(redis.server.url, { prefix, now: () => clock }),
    )
    return startMissedReplyApp({ store, sink, now: () => clock, apps, email })
  }

  async function visitor(t: TestApp) {
    const res = await t.request('/api/session', { body: { contact: { email: 'ann@example.com' } } })
    const visitor = (await res.json()) as { visitorId: string; token: string }
    await confirmAddress(t.deps.store, visitor.visitorId)
    return visitor
  }

  async function reply(t: TestApp, visitorId: string, text: string) {
    const res = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text } }),
    })
    expect(await res.json()).toEqual({ result: 'ok' })
  }

  /** Both instances sweep at once, `times` times. */
  async function sweepBoth(times = 3) {
    for (let i = 0; i < times; i++)
      await Promise.all(apps.map((t) => runtimeOf(t.app).email.sweep()))
  }

  it('sends exactly one e-mail for a burst of 10 replies received by either instance', async () => {
    const [a, b] = [await instance(), await instance()]
    const { visitorId } = await visitor(a)
    for (let i = 1; i <= 10; i++) {
      await reply(i % 2 ? a : b, visitorId, `Burst reply ${i}`)
      clock += 2000
    }
    await sweepBoth()
    expect(sink.mails).toHaveLength(0)
    clock += MINUTE
    await sweepBoth(5)
    expect(sink.mails).toHaveLength(1)
    const body = decodeParts(sink.mails[0]?.raw ?? '')
    for (let i = 1; i <= 10; i++) expect(body).toContain(`Burst reply ${i}`)
    clock += 10 * MINUTE
    await sweepBoth()
    expect(sink.mails).toHaveLength(1)
  })

  it('sends none when the visitor reads in time on the other instance', async () => {
    const [a, b] = [await instance(), await instance()]
    const { visitorId, token } = await visitor(a)
    await reply(a, visitorId, 'Anyone?')
    clock += 20_000
    const history = HistoryResponse.parse(await (await b.request('/api/history', { token })).json())
    const upTo = history.entries.at(-1)?.id ?? ''
    expect((await b.request('/api/read', { body: { upTo }, token })).status).toBe(200)
    clock += 5 * MINUTE
    await sweepBoth()
    expect(sink.mails).toHaveLength(0)
  })

  it('delivers once when the SMTP server comes back after an outage', async () => {
    const [a] = [await instance(), await instance()]
    const { visitorId } = await visitor(a)
    await sink.stop()
    await reply(a, visitorId, 'During the outage')
    for (let i = 0; i < 6; i++) {
      clock += 3 * MINUTE
      await sweepBoth(1)
    }
    expect(sink.mails).toHaveLength(0)
    await sink.start()
    clock += 15 * MINUTE
    await sweepBoth(3)
    clock += 60 * MINUTE
    await sweepBoth(2)
    expect(sink.mails).toHaveLength(1)
  })

  it('after a crash between the SMTP answer and the record, the other instance sends at most one duplicate, same Message-ID', async () => {
    const crashing = crashingAfterSmtp(sink.url)
    const a = await instance({ transport: crashing })
    const { visitorId } = await visitor(a)
    await reply(a, visitorId, 'Crash me')
    clock += MINUTE + 1000
    await runtimeOf(a.app).email.sweep()
    expect(sink.mails).toHaveLength(1)
    a.stop()
    await runtimeOf(a.app).email.stop()
    apps = apps.filter((t) => t !== a)

    await instance()
    clock += MINUTE
    await sweepBoth(2)
    clock += 60 * MINUTE
    await sweepBoth(2)
    expect(sink.mails).toHaveLength(2)
    expect(sink.mails[1]?.headers.get('message-id')).toBe(sink.mails[0]?.headers.get('message-id'))
  })

  it('confirms on one instance what the other announced, and shares the per-address caps', async () => {
    const [a, b] = [await instance(), await instance()]
    // Unconfirmed (no confirmAddress): the first e-mail is the notice, sent by either instance.
    const res = await a.request('/api/session', {
      body: { contact: { email: 'bo@example.com' } },
    })
    const { visitorId } = (await res.json()) as { visitorId: string }
    await reply(b, visitorId, 'Held back until confirmed')
    clock += MINUTE + 1000
    await sweepBoth()
    expect(sink.mails).toHaveLength(1)
    const notice = decodeParts(sink.mails[0]?.raw ?? '')
    expect(notice).not.toContain('Held back until confirmed')
    const link = /http:\/\/porthole\.test(\/email\/confirm\/[\w.-]+)/.exec(notice)?.[1] ?? ''
    // The link is spent once, whichever instance takes it.
    const [one, two] = await Promise.all([
      a.app.request(link, { method: 'POST' }),
      b.app.request(link, { method: 'POST' }),
    ])
    expect([one.status, two.status].sort()).toEqual([200, 404])
    await sweepBoth()
    expect(sink.mails).toHaveLength(2)
    expect(decodeParts(sink.mails[1]?.raw ?? '')).toContain('Held back until confirmed')
    // Visitors on either instance type one stranger's address: the confirmation cap
    // (3 a day) counts across instances, so a fourth visitor's notice does not go out.
    for (const [i, t] of [a, b, a].entries()) {
      const other = (await (
        await t.request('/api/session', { body: { contact: { email: 'eve@example.com' } } })
      ).json()) as { visitorId: string }
      await reply(i % 2 ? a : b, other.visitorId, `To a stranger ${i}`)
    }
    clock += MINUTE + 1000
    await sweepBoth()
    expect(sink.mails.filter((mail) => mail.to.includes('eve@example.com'))).toHaveLength(3)
    const fourth = (await (
      await b.request('/api/session', { body: { contact: { email: 'eve@example.com' } } })
    ).json()) as { visitorId: string }
    await reply(a, fourth.visitorId, 'One too many')
    clock += MINUTE + 1000
    await sweepBoth()
    expect(sink.mails.filter((mail) => mail.to.includes('eve@example.com'))).toHaveLength(3)
  })
})
