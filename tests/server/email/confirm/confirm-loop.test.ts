import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../../server/app'
import { readProfile } from '../../../../server/session/profile'
import type { Store } from '../../../../server/store/types'
import {
  createTestConfig,
  createTestSettings,
  TEST_IDENTITY_SECRET,
  TEST_WEBHOOK_SECRET,
} from '../../../support/test-config'
import { createAgentMessage } from '../../support/agent-message'
import { decodeParts, type SmtpSink, type SunkMail } from '../../support/smtp-sink'
import { openSqliteEmailRig, type SqliteEmailRig } from '../../support/sqlite-email-rig'
import { createTestApp, type TestApp } from '../../support/test-app'

const START = Date.parse('2026-03-02T10:00:00Z')
const DAY = 24 * 3_600_000

describe('confirmed addresses: missed replies over real SMTP (sqlite)', () => {
  let rig: SqliteEmailRig
  let sink: SmtpSink
  let store: Store
  let clock: number
  let t: TestApp

  function start(env: Record<string, string> = {}) {
    t = createTestApp({
      store,
      now: () => clock,
      config: createTestConfig(
        {},
        { SMTP_URL: sink.url, EMAIL_FROM: 'Northwind <chat@northwind.example>', ...env },
      ),
      settings: createTestSettings({ email: { afterSeconds: 60 } }),
      email: {
        resumeUrl: async (visitorId) => `https://shop.example/?resume=${visitorId}`,
        replyTo: (visitorId) => `reply+${visitorId}.sig@reply.northwind.example`,
      },
    })
    rig.apps.push(t)
  }

  beforeEach(async () => {
    clock = START
    rig = await openSqliteEmailRig(() => clock)
    ;({ sink, store } = rig)
  })

  afterEach(() => rig.close())

  async function visitor(email = 'ann@example.com', token?: string) {
    const res = await t.request('/api/session', {
      body: { contact: { email }, ...(token ? { token } : {}) },
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { visitorId: string; token: string }
  }

  /** An agent's reply, left unread past afterSeconds, and the sweeps that e-mail it. */
  async function missed(visitorId: string, text: string) {
    const res = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text } }),
    })
    expect(await res.json()).toEqual({ result: 'ok' })
    clock += 61_000
    await sweep()
  }

  const sweep = async () => {
    await runtimeOf(t.app).email.sweep()
    await runtimeOf(t.app).email.sweep()
  }
  const bodyOf = (mail: SunkMail | undefined) => decodeParts(mail?.raw ?? '')
  const confirmPath = (mail: SunkMail | undefined) =>
    /http:\/\/porthole\.test(\/email\/confirm\/[\w-]+\.[\w-]+)/.exec(bodyOf(mail))?.[1]

  it('announces a reply to an unconfirmed address without its words; the page’s POST confirms, and the reply follows in full', async () => {
    start()
    const { visitorId } = await visitor()
    await missed(visitorId, 'Your parcel code is 4711')
    expect(sink.mails).toHaveLength(1)
    const notice = sink.mails[0]
    expect(notice?.to).toEqual(['ann@example.com'])
    expect(notice?.headers.get('subject')).toBe('Confirm your e-mail address for Northwind')
    expect(bodyOf(notice)).toContain('You have a new reply from Northwind')
    // Nothing a stranger could use: no agent text, no resume link, no reply address.
    expect(bodyOf(notice)).not.toContain('4711')
    expect(bodyOf(notice)).not.toContain('shop.example/?resume')
    expect(notice?.headers.get('reply-to')).toBeUndefined()
    expect(notice?.headers.get('list-unsubscribe')).toMatch(/\/email\/unsubscribe\/u2\./)
    const path = confirmPath(notice)
    expect(path).toBeDefined()

    // A mail scanner opening the link confirms nothing: the page only offers the button.
    const page = await t.app.request(path ?? '')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<form method="post">')
    expect((await readProfile(store, visitorId)).emailConfirmed).toBeUndefined()

    const confirmed = await t.app.request(path ?? '', { method: 'POST' })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ confirmed: true })
    expect((await readProfile(store, visitorId)).emailConfirmed).toEqual({
      address: 'ann@example.com',
      at: clock,
    })
    await sweep()
    expect(sink.mails).toHaveLength(2)
    const full = sink.mails[1]
    expect(bodyOf(full)).toContain('Your parcel code is 4711')
    expect(bodyOf(full)).toContain(`https://shop.example/?resume=${visitorId}`)
    expect(full?.headers.get('reply-to')).toBe(`reply+${visitorId}.sig@reply.northwind.example`)

    // The link works once.
    expect((await t.app.request(path ?? '', { method: 'POST' })).status).toBe(404)
    expect((await t.app.request(path ?? '')).status).toBe(404)
    // Later replies go out in full at once.
    await missed(visitorId, 'Anything else?')
    expect(sink.mails).toHaveLength(3)
    expect(bodyOf(sink.mails[2])).toContain('Anything else?')
    expect(confirmPath(sink.mails[2])).toBeUndefined()
  })

  it('makes a changed address unconfirmed again, and refuses a link of the old one', async () => {
    start()
    const { visitorId, token } = await visitor()
    await missed(visitorId, 'First')
    const oldLink = confirmPath(sink.mails[0])
    await visitor('bo@example.com', token)
    expect((await t.app.request(oldLink ?? '', { method: 'POST' })).status).toBe(409)
    expect((await readProfile(store, visitorId)).emailConfirmed).toBeUndefined()
    await missed(visitorId, 'Second, to the new address')
    expect(sink.mails).toHaveLength(2)
    expect(sink.mails[1]?.to).toEqual(['bo@example.com'])
    expect(bodyOf(sink.mails[1])).not.toContain('Second, to the new address')
    expect(confirmPath(sink.mails[1])).toBeDefined()
  })

  it('sends at most EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmations to one address, whichever visitors typed it', async () => {
    start({ EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '2' })
    for (let i = 0; i < 5; i++) {
      const { visitorId } = await visitor('stranger@example.org')
      await missed(visitorId, `Phishing attempt ${i}`)
    }
    expect(sink.mails).toHaveLength(2)
    for (const mail of sink.mails) expect(bodyOf(mail)).not.toContain('Phishing')
    // A day later the address may hear from the site again.
    clock += DAY
    const { visitorId } = await visitor('stranger@example.org')
    await missed(visitorId, 'A day later')
    expect(sink.mails).toHaveLength(3)
  })

  it('sends at most EMAIL_MAX_PER_ADDRESS_PER_DAY e-mails to a confirmed address; the replies wait in the chat', async () => {
    start({ EMAIL_MAX_PER_ADDRESS_PER_DAY: '2' })
    const id = 'user-42'
    const hash = createHmac('sha256', TEST_IDENTITY_SECRET).update(id).digest('hex')
    // A signed-in user verified with IDENTITY_SECRET: the site vouches for the address.
    const res = await t.request('/api/session', {
      body: { user: { id, hash, email: 'ann@example.com' } },
    })
    const { visitorId, token } = (await res.json()) as { visitorId: string; token: string }
    for (let i = 1; i <= 4; i++) await missed(visitorId, `Reply ${i}`)
    expect(sink.mails).toHaveLength(2)
    expect(bodyOf(sink.mails[0])).toContain('Reply 1')
    expect(bodyOf(sink.mails[1])).toContain('Reply 2')
    const history = await t.request('/api/history?limit=50', { token })
    const texts = JSON.stringify(await history.json())
    for (let i = 1; i <= 4; i++) expect(texts).toContain(`Reply ${i}`)
  })
})
