import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { MailItem } from '../../../server/email/mail-item'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { readProfile } from '../../../server/session/profile'
import { emailItemKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { createTestApp, type TestApp } from '../support/test-app'

const MINUTE = 60_000

describe('unsubscribing (RFC 8058 one-click)', () => {
  let clock: number
  let store: Store
  let sent: MailItem[]
  let accept: boolean
  let t: TestApp

  beforeEach(() => {
    clock = Date.parse('2026-03-02T10:00:00Z')
    store = createMemoryStore({ now: () => clock })
    sent = []
    accept = true
    const transport: MailTransport = {
      async send(item) {
        if (!accept) return { kind: 'failed', message: 'connect ECONNREFUSED' }
        sent.push(item)
        return { kind: 'accepted' }
      },
      close() {},
    }
    t = createTestApp({
      store,
      now: () => clock,
      config: createTestConfig(
        {},
        { SMTP_URL: 'smtp://mail.invalid', EMAIL_FROM: 'chat@northwind.example' },
      ),
      settings: createTestSettings({ email: { afterSeconds: 60 } }),
      email: { resumeUrl: async () => 'https://shop.example/', transport },
    })
  })

  afterEach(async () => {
    t.stop()
    await runtimeOf(t.app).email.stop()
  })

  const email = () => runtimeOf(t.app).email

  async function visitor(address = 'Ann@Example.com') {
    const res = await t.request('/api/session', { body: { contact: { email: address } } })
    return (await res.json()) as { visitorId: string; token: string }
  }

  async function missedReply(visitorId: string, text = 'Hello again') {
    await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({ recipientId: visitorId, message: { text } }),
    })
    clock += MINUTE + 1000
    await email().sweep()
  }

  /** The path of the e-mail's List-Unsubscribe URL. */
  const linkOf = (item: MailItem | undefined) =>
    new URL(/^<(.+)>$/.exec(item?.headers['List-Unsubscribe'] ?? '')?.[1] ?? 'http://x/').pathname

  const oneClick = (path: string, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'List-Unsubscribe=One-Click',
    })

  it('works with the e-mail’s own header: no more e-mail to the address, and the profile shows it', async () => {
    const { visitorId } = await visitor()
    await missedReply(visitorId)
    expect(sent).toHaveLength(1)
    const events: VisitorEvent[] = []
    const unsubscribe = store.subscribe(visitorId, (event) => events.push(event))
    const res = await oneClick(linkOf(sent[0]))
    unsubscribe()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ unsubscribed: true })
    expect((await readProfile(store, visitorId)).contact).toMatchObject({
      email: 'Ann@Example.com',
      emailUnsubscribed: true,
    })
    expect(events).toContainEqual({
      event: 'contact',
      data: expect.objectContaining({ emailUnsubscribed: true }),
    })
    // The session answer shows it too (the widget's contact profile).
    await missedReply(visitorId, 'Are you still there?')
    clock += 10 * MINUTE
    await email().sweep()
    expect(sent).toHaveLength(1)
  })

  it('drops an e-mail already waiting in the outbox when its address unsubscribes', async () => {
    const { visitorId } = await visitor()
    await confirmAddress(store, visitorId, 'Ann@Example.com')
    accept = false
    await missedReply(visitorId)
    const waiting = await store.getRecord(emailItemKey(visitorId, 1), MailItem)
    expect(waiting?.state).toBe('pending')
    expect((await oneClick(linkOf(waiting))).status).toBe(200)
    accept = true
    clock += 30 * MINUTE
    await email().sweep()
    expect(sent).toHaveLength(0)
    expect((await store.getRecord(emailItemKey(visitorId, 1), MailItem))?.state).toBe('dropped')
  })

  it('holds for the address on every visitor (case-insensitive), but a new address starts subscribed', async () => {
    const first = await visitor()
    await missedReply(first.visitorId)
    expect((await oneClick(linkOf(sent[0]))).status).toBe(200)
    const second = await visitor('ann@example.COM')
    await missedReply(second.visitorId)
    expect(sent).toHaveLength(1)
    // The first visitor gives another address: flag cleared, e-mail flows again.
    const res = await t.request('/api/session', {
      body: { token: first.token, contact: { email: 'ann.new@example.com' } },
    })
    expect(((await res.json()) as { contact: object }).contact).not.toHaveProperty(
      'emailUnsubscribed',
    )
    await missedReply(first.visitorId, 'To the new address')
    expect(sent.map((item) => item.to)).toEqual(['Ann@Example.com', 'ann.new@example.com'])
  })

  it('shows a page with one button on GET, and does not unsubscribe on GET (mail scanners open links)', async () => {
    const { visitorId } = await visitor()
    await missedReply(visitorId)
    const page = await t.app.request(linkOf(sent[0]))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<form method="post"><button type="submit">')
    expect((await readProfile(store, visitorId)).contact.emailUnsubscribed).toBeUndefined()
    const done = await t.app.request(linkOf(sent[0]), {
      method: 'POST',
      headers: { accept: 'text/html' },
    })
    expect(await done.text()).toContain('no more e-mails')
  })

  it('refuses a token it did not sign, on GET and POST', async () => {
    const { visitorId } = await visitor()
    await missedReply(visitorId)
    const path = linkOf(sent[0])
    const forged = `${path.slice(0, -3)}abc`
    expect((await oneClick(forged)).status).toBe(404)
    expect((await t.app.request(forged)).status).toBe(404)
    expect((await oneClick('/email/unsubscribe/nothing')).status).toBe(404)
    expect((await readProfile(store, visitorId)).contact.emailUnsubscribed).toBeUndefined()
  })
})
