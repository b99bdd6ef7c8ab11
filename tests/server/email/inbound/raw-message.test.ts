import { afterEach, describe, expect, it } from 'vitest'
import { rawMessageOf } from '../../../../server/email/inbound/raw-message'
import {
  createInboundTestApp,
  INBOUND_SECRET,
  type InboundTestApp,
} from '../../support/inbound-app'
import { REPLIES, readFixture } from '../../support/inbound-emails'

let t: InboundTestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

const RAW = readFixture('thunderbird.eml')

/** A multipart/form-data body as the services post it, and its Content-Type. */
async function formOf(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const request = new Request('http://x/', { method: 'POST', body: form })
  return {
    type: request.headers.get('content-type') ?? '',
    body: new Uint8Array(await request.arrayBuffer()),
  }
}

describe('rawMessageOf', () => {
  it('takes a message/rfc822 body (a Postfix pipe, curl) as it is', async () => {
    expect(await rawMessageOf('message/rfc822', RAW)).toBe(RAW)
    expect(await rawMessageOf(undefined, RAW)).toBe(RAW)
  })

  it('takes the `email` field of SendGrid’s raw mode and Mailgun’s `body-mime`', async () => {
    for (const field of ['email', 'body-mime']) {
      const { type, body } = await formOf({ to: 'x@y.example', [field]: RAW.toString('utf8') })
      expect(Buffer.from((await rawMessageOf(type, body)) ?? []).equals(RAW)).toBe(true)
    }
  })

  it('takes Postmark’s RawEmail', async () => {
    const body = Buffer.from(
      JSON.stringify({ From: 'a@b.example', RawEmail: RAW.toString('utf8') }),
    )
    expect(Buffer.from((await rawMessageOf('application/json', body)) ?? []).equals(RAW)).toBe(true)
  })

  it('takes a raw message curl sent with its default urlencoded type', async () => {
    expect(await rawMessageOf('application/x-www-form-urlencoded', RAW)).toBe(RAW)
    expect(
      await rawMessageOf('application/x-www-form-urlencoded', Buffer.from('a=1&b=2')),
    ).toBeUndefined()
  })

  it('finds nothing in parsed-only posts and in broken bodies', async () => {
    const parsed = await formOf({ text: 'Thanks', from: 'a@b.example' })
    expect(await rawMessageOf(parsed.type, parsed.body)).toBeUndefined()
    expect(
      await rawMessageOf('application/json', Buffer.from('{"TextBody":"Thanks"}')),
    ).toBeUndefined()
    expect(await rawMessageOf('application/json', Buffer.from('{'))).toBeUndefined()
    expect(
      await rawMessageOf('multipart/form-data; boundary=x', Buffer.from('junk')),
    ).toBeUndefined()
  })
})

describe('the inbound route with each service’s wrapping', () => {
  it('SendGrid raw mode, Mailgun at …/mime and Postmark all deliver the reply once', async () => {
    t = await createInboundTestApp()
    const sendgrid = await formOf({ email: RAW.toString('utf8') })
    const a = await t.postMail(sendgrid.body, { type: sendgrid.type })
    expect(await a.json()).toEqual({ result: 'ok', messages: 1 })

    const mailgun = await formOf({ 'body-mime': RAW.toString('utf8'), recipient: 'x' })
    const b = await t.app.request(`/hooks/email/${INBOUND_SECRET}/mime`, {
      method: 'POST',
      headers: { 'content-type': mailgun.type },
      body: mailgun.body,
    })
    expect(await b.json()).toEqual({ result: 'duplicate' })

    const postmark = Buffer.from(JSON.stringify({ RawEmail: RAW.toString('utf8') }))
    const c = await t.postMail(postmark, { type: 'application/json' })
    expect(await c.json()).toEqual({ result: 'duplicate' })

    expect(t.service.messages()).toHaveLength(1)
    expect(t.service.messages()[0]).toMatchObject({
      message: { text: REPLIES['thunderbird.eml'] },
    })
  })

  it('drops a parsed-only post with a log line saying what to change', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(Buffer.from('{"TextBody":"Thanks"}'), { type: 'application/json' })
    expect(await res.json()).toEqual({ result: 'dropped', reason: 'no_raw_message' })
    expect(
      t.logs.some((line) => line.includes('no_raw_message') && line.includes('raw message')),
    ).toBe(true)
    expect(t.service.messages()).toEqual([])
  })

  it('answers 404 at …/mime for a wrong secret', async () => {
    t = await createInboundTestApp()
    const res = await t.app.request('/hooks/email/wrong-secret-0123456789/mime', {
      method: 'POST',
      body: Uint8Array.from(RAW),
    })
    expect(res.status).toBe(404)
  })
})
