import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { addresses, createInboundTestApp, plainMail } from '../support/inbound-app'
import { FIXTURE_VISITOR } from '../support/inbound-emails'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { writeEverywhere } from '../support/visitor-footprint'

// The operators' side: GET /admin/api/visitors/<id>/export, DELETE /admin/api/visitors/<id>,
// and both by ?email=.

const TOKEN = 'admin-token-0123456789abcdef'
const MARK = 'qzadmin4r7'

let sink: SmtpSink
let t: UploadTestApp
beforeEach(async () => {
  sink = await startSmtpSink()
  t = await createUploadTestApp(
    {},
    { email: { resumeUrl: async () => 'https://shop.example/' } },
    {
      ADMIN_PASSWORD: 'correct horse battery',
      ADMIN_TOKEN: TOKEN,
      SMTP_URL: sink.url,
      EMAIL_FROM: 'Northwind <chat@northwind.example>',
    },
  )
})
afterEach(async () => {
  await runtimeOf(t.app).outbox.stop()
  await runtimeOf(t.app).email.stop()
  await t.cleanup()
  await sink.stop()
})

const admin = (path: string, method = 'GET') =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${TOKEN}` } })

const logLines = (message: string) =>
  t.logs.filter((line) => JSON.parse(line).msg === message || line.includes(`"${message}"`))

describe('the admin visitors API', () => {
  it('exports every kind Porthole keeps, and logs the call with counts only', async () => {
    const who = await writeEverywhere(t, MARK)

    const res = await admin(`/admin/api/visitors/${encodeURIComponent(who.visitorId)}/export`)

    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.visitor).toMatchObject({
      id: who.visitorId,
      name: `Name ${MARK}`,
      email: `${MARK}@example.com`,
      phone: '+1 555 0100',
    })
    const texts = body.messages.map((m: { from: string; text: string }) => `${m.from}: ${m.text}`)
    expect(texts).toEqual(
      expect.arrayContaining([
        `visitor: my order ${MARK}`,
        `agent: agent ${MARK}`,
        `visitor: delayed ${MARK}`,
      ]),
    )
    const captioned = body.messages.filter((m: { files: unknown[] }) => m.files.length > 0)
    expect(
      captioned.flatMap((m: { files: { name: string }[] }) => m.files.map((f) => f.name)),
    ).toEqual([`${MARK}.png`, `${MARK}.txt`])
    expect(body.files.map((f: { name: string }) => f.name).sort()).toEqual([
      `${MARK}.png`,
      `${MARK}.txt`,
    ])
    expect(body.ratings).toEqual([
      expect.objectContaining({ score: 'bad', comment: `slow ${MARK}` }),
    ])
    expect(body.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: `${MARK}@example.com`, kind: 'confirmation' }),
      ]),
    )
    expect(body.consents).toEqual([{ version: `v-${MARK}`, at: expect.any(String) }])
    expect(body.notices.length).toBeGreaterThanOrEqual(1)
    const [line] = logLines('visitor data exported')
    expect(line).toBeDefined()
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      visitorId: who.visitorId,
      by: 'admin token',
      counts: { files: 2, ratings: 1, consents: 1 },
    })
    expect(line).not.toContain(MARK)
  })

  it('erases by e-mail address: every visitor who gave it, logged without the content', async () => {
    const first = await writeEverywhere(t, MARK)
    const found = await admin(`/admin/api/visitors?email=${MARK.toUpperCase()}@example.com`)
    expect(found.status).toBe(200)
    expect(
      (await found.json()).visitors.map((v: { visitor: { id: string } }) => v.visitor.id),
    ).toEqual([first.visitorId])

    const res = await admin(`/admin/api/visitors?email=${MARK}@example.com`, 'DELETE')

    expect(res.status).toBe(200)
    const receipt = await res.json()
    expect(receipt.visitors).toEqual([
      { id: first.visitorId, erased: expect.objectContaining({ files: 2, ratings: 1 }) },
    ])
    expect(receipt.erased).toMatchObject({ files: 2, ratings: 1, consents: 1, contact: 1 })
    const [line] = logLines('visitor data erased')
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      visitorId: first.visitorId,
      by: 'admin token',
    })
    expect(line).not.toContain(MARK)
    // Gone: the address names nobody now, the id is unknown, the visitor's credential is revoked.
    expect((await admin(`/admin/api/visitors?email=${MARK}@example.com`)).status).toBe(404)
    expect((await t.request('/api/visitor/export', { token: first.token })).status).toBe(401)
  })

  it('answers 404 for an unknown visitor, 400 for a bad address, 401 without the token', async () => {
    expect((await admin('/admin/api/visitors/nobody-here/export')).status).toBe(404)
    expect((await admin('/admin/api/visitors/nobody-here', 'DELETE')).status).toBe(404)
    const bad = await admin('/admin/api/visitors?email=not-an-address', 'DELETE')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request' } })
    expect((await admin('/admin/api/visitors')).status).toBe(400)
    expect((await admin('/admin/api/visitors?email=nobody@example.com')).status).toBe(404)
    const anonymous = await t.app.request('/admin/api/visitors/x/export')
    expect(anonymous.status).toBe(401)
  })

  it('erases one visitor by id; another visitor stays', async () => {
    const gone = await writeEverywhere(t, MARK)
    const kept = await writeEverywhere(t, 'qzkeepadmin2')
    const res = await admin(`/admin/api/visitors/${encodeURIComponent(gone.visitorId)}`, 'DELETE')
    expect(res.status).toBe(200)
    expect((await res.json()).erased).toMatchObject({ files: 2, contact: 1 })
    const after = await admin(`/admin/api/visitors/${gone.visitorId}/export`)
    expect(after.status).toBe(404)
    expect(await after.json()).toMatchObject({ error: { code: 'visitor_erased' } })
    const again = await admin(`/admin/api/visitors/${gone.visitorId}`, 'DELETE')
    expect(again.status).toBe(404)
    const still = await (await admin(`/admin/api/visitors/${kept.visitorId}/export`)).json()
    expect(still.files).toHaveLength(2)
  })
})

describe('reply addresses after an erasure', () => {
  it('a reply by e-mail to the erased visitor’s reply address is dropped, nothing stored', async () => {
    const inbound = await createInboundTestApp()
    try {
      const visitor = FIXTURE_VISITOR
      const before = await inbound.postMail(
        plainMail(addresses.createReplyAddress(visitor), 'first'),
      )
      expect(before.status).toBe(200)
      expect((await inbound.deps.store.readAfter(visitor, undefined, 10)).length).toBe(1)

      await runtimeOf(inbound.app).visitorData.erase(visitor, 'admin token')
      const after = await inbound.postMail(
        plainMail(addresses.createReplyAddress(visitor), 'SECRET after erasure'),
      )

      expect(after.status).toBeLessThan(300)
      const texts = JSON.stringify(await inbound.deps.store.readAfter(visitor, undefined, 10))
      expect(texts).not.toContain('SECRET after erasure')
    } finally {
      await inbound.cleanup()
    }
  })
})
