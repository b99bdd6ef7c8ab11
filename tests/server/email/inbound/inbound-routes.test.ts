import { afterEach, describe, expect, it } from 'vitest'
import { updateProfile } from '../../../../server/session/profile'
import { createMemoryStore } from '../../../../server/store/memory-store'
import { flakyStore } from '../../support/flaky-store'
import {
  addresses,
  createInboundTestApp,
  type InboundTestApp,
  MARIA,
  plainMail,
} from '../../support/inbound-app'
import {
  FIXTURE_ADDRESS,
  FIXTURE_VISITOR,
  LOOPS,
  REPLIES,
  readFixture,
  readFixtureTo,
} from '../../support/inbound-emails'
import { makeExecutable } from '../../support/upload-samples'

let t: InboundTestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

const textTo = (text: string) => ({
  sender: { id: FIXTURE_VISITOR, ...MARIA },
  message: { type: 'text', id: expect.stringMatching(/^mail-[A-Za-z0-9_-]{22}(-\d+)?$/), text },
})

async function visitorEntries(app: InboundTestApp, visitorId = FIXTURE_VISITOR) {
  return (await app.deps.store.readAfter(visitorId, undefined, 100)).filter(
    (entry) => entry.author === 'visitor',
  )
}

describe('POST /hooks/email/:secret — each client’s reply', () => {
  it.each(Object.entries(REPLIES).filter(([name]) => name !== 'iphone-photo.eml'))(
    '%s reaches the service once, as the visitor’s text without quote or signature',
    async (name, expected) => {
      t = await createInboundTestApp()
      const res = await t.postMail(readFixture(name))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
      expect(t.service.messages()).toEqual([textTo(expected)])
      // In the visitor's conversation log, as a message from the widget would be.
      const entries = await visitorEntries(t)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        author: 'visitor',
        content: { type: 'text', text: expected },
      })

      // The same e-mail again (the mail service retrying): taken once.
      const again = await t.postMail(readFixture(name))
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual({ result: 'duplicate' })
      expect(t.service.messages()).toHaveLength(1)
      expect(await visitorEntries(t)).toHaveLength(1)
    },
  )

  it('iphone-photo.eml: the text, then the photo as an upload and a photo message', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(readFixture('iphone-photo.eml'))
    expect(await res.json()).toEqual({ result: 'ok', messages: 2 })
    const [text, photo] = t.service.messages() as { message: Record<string, unknown> }[]
    expect(text).toEqual(textTo(REPLIES['iphone-photo.eml'] ?? ''))
    expect(photo?.message).toMatchObject({
      type: 'photo',
      file_name: 'IMG_4432.jpeg',
      width: 120,
      height: 80,
      file: expect.stringMatching(/^http:\/\/porthole\.test\/files\//),
      thumb: expect.any(String),
    })
    // The upload is served like the widget's, re-encoded (metadata out).
    const file = await t.app.request(new URL(String(photo?.message.file)).pathname)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^image\/jpeg/)
    expect(await visitorEntries(t)).toHaveLength(2)
    expect((await t.postMail(readFixture('iphone-photo.eml'))).status).toBe(200)
    expect(t.service.messages()).toHaveLength(2)
  })

  it('splits a long reply at 1,000 characters, as the widget’s messages are', async () => {
    t = await createInboundTestApp()
    const long = `${'a'.repeat(999)} ${'b'.repeat(999)} ${'c'.repeat(500)}`
    const res = await t.postMail(plainMail(FIXTURE_ADDRESS, long))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    const texts = (t.service.messages() as { message: { text: string } }[]).map(
      (m) => m.message.text,
    )
    expect(texts).toHaveLength(3)
    expect(texts.every((text) => text.length <= 1000)).toBe(true)
    expect(texts.join('').replaceAll(/\s/g, '')).toBe(long.replaceAll(' ', ''))
  })

  it('takes one Message-ID once even when its two copies arrive at the same time', async () => {
    t = await createInboundTestApp()
    const raw = readFixture('gmail.eml')
    const answers = await Promise.all([t.postMail(raw), t.postMail(raw)])
    // One takes it; the other is told "duplicate" or asked to post again (503): never sent twice.
    expect(answers.map((res) => res.status).sort()).toEqual(expect.arrayContaining([200]))
    expect(t.service.messages()).toHaveLength(1)
    expect((await t.postMail(raw)).status).toBe(200)
    expect(t.service.messages()).toHaveLength(1)
  })

  it('keeps one Message-ID per conversation: the same id to another visitor is another reply', async () => {
    t = await createInboundTestApp()
    await updateProfile(t.deps.store, 'other-visitor-id-0001', { contact: MARIA }, 86_400_000)
    await t.postMail(readFixture('plain-text.eml'))
    const other = await t.postMail(
      readFixtureTo('plain-text.eml', addresses.createReplyAddress('other-visitor-id-0001')),
    )
    expect(await other.json()).toEqual({ result: 'ok', messages: 1 })
    expect(t.service.messages()).toHaveLength(2)
  })

  it('sends a repeat once even when the guest was merged into a user in between', async () => {
    t = await createInboundTestApp()
    await t.postMail(readFixture('russian-qp.eml'))
    await t.deps.store.setRecord(`alias:${FIXTURE_VISITOR}`, { visitorId: 'user:42' })
    await t.deps.store.setRecord('profile:user:42', { contact: MARIA })
    expect(await (await t.postMail(readFixture('russian-qp.eml'))).json()).toEqual({
      result: 'duplicate',
    })
    expect(t.service.messages()).toHaveLength(1)
  })

  it('keeps the visitor known while they answer by e-mail only (the profile’s lifetime is renewed)', async () => {
    t = await createInboundTestApp()
    const writes: { key: string; ttl: number | undefined }[] = []
    const setRecord = t.deps.store.setRecord.bind(t.deps.store)
    t.deps.store.setRecord = async (key, value, ttl) => {
      writes.push({ key, ttl })
      return setRecord(key, value, ttl)
    }
    await t.postMail(readFixture('gmail.eml'))
    // As each widget message does: the profile lasts RETENTION_DAYS from its last use.
    expect(writes).toContainEqual({
      key: `profile:${FIXTURE_VISITOR}`,
      ttl: t.deps.config.retention.maxAgeMs,
    })
  })

  it('writes to the user a guest was merged into', async () => {
    t = await createInboundTestApp()
    await t.deps.store.setRecord(`alias:${FIXTURE_VISITOR}`, { visitorId: 'user:42' })
    await t.deps.store.setRecord('profile:user:42', { contact: MARIA })
    await t.postMail(readFixture('apple-mail.eml'))
    expect(await visitorEntries(t, 'user:42')).toHaveLength(1)
    expect(t.service.messages()).toEqual([
      { ...textTo(REPLIES['apple-mail.eml'] ?? ''), sender: { id: 'user:42', ...MARIA } },
    ])
  })
})

describe('POST /hooks/email/:secret — dropped with 200, nothing sent', () => {
  async function expectDropped(raw: Uint8Array | string, reason: string) {
    t ??= await createInboundTestApp()
    const res = await t.postMail(raw)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ result: 'dropped', reason })
    expect(t.service.messages()).toEqual([])
    expect(await visitorEntries(t)).toEqual([])
    expect(
      t.logs.some((line) => line.includes('e-mail reply dropped') && line.includes(reason)),
    ).toBe(true)
  }

  it.each(Object.entries(LOOPS))('%s (a loop: %s)', async (name, reason) => {
    await expectDropped(readFixture(name), reason)
  })

  it.each([
    ['Auto-Submitted: auto-replied', { 'Auto-Submitted': 'auto-replied' }, 'auto_submitted'],
    ['X-Autoreply', { 'X-Autoreply': 'yes' }, 'auto_reply'],
    ['Precedence: bulk', { Precedence: 'bulk' }, 'precedence'],
    ['a null return path', { 'Return-Path': '<>' }, 'bounce'],
    ['MAILER-DAEMON', { From: 'MAILER-DAEMON@mx.example' }, 'bounce'],
  ])('a loop: %s', async (_name, headers, reason) => {
    await expectDropped(plainMail(FIXTURE_ADDRESS, 'Thanks', headers), reason)
  })

  it('a tampered reply address (another visitor id under this one’s signature)', async () => {
    const mac = FIXTURE_ADDRESS.split('-').at(-1)
    const forged = `reply+${addresses.createReplyAddress('victim-visitor').slice(6).split('-')[0]}-${mac}`
    await expectDropped(readFixtureTo('gmail.eml', forged), 'bad_signature')
  })

  it('a reply address with one character changed', async () => {
    await expectDropped(
      readFixtureTo('thunderbird.eml', FIXTURE_ADDRESS.replace('-tiiw', '-tiix')),
      'bad_signature',
    )
  })

  it('a reply address of a visitor this backend does not know', async () => {
    await expectDropped(
      readFixtureTo('gmail.eml', addresses.createReplyAddress('never-seen-visitor-01')),
      'unknown_visitor',
    )
  })

  it('mail without any reply address, or at another domain', async () => {
    await expectDropped(plainMail('support@northwind.example', 'Hello'), 'no_reply_address')
    await expectDropped(
      plainMail(FIXTURE_ADDRESS.replace('reply.northwind.example', 'evil.example'), 'Hello'),
      'no_reply_address',
    )
  })

  it('a reply with nothing new in it (only the quote)', async () => {
    await expectDropped(plainMail(FIXTURE_ADDRESS, '> Hi Maria\n> It ships Friday\n'), 'empty')
  })

  it('a message larger than the limit, before it is parsed', async () => {
    t = await createInboundTestApp({ maxBytes: 4096 })
    await expectDropped(plainMail(FIXTURE_ADDRESS, 'x'.repeat(5000)), 'too_large')
  })

  it('an empty body', async () => {
    await expectDropped('', 'no_reply_address')
  })
})

describe('POST /hooks/email/:secret — what a retry can fix, and the secret', () => {
  it('answers 404 to a wrong secret, like the other hooks, and takes nothing', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(readFixture('gmail.eml'), {
      secret: 'wrong-secret-0123456789abcdef',
    })
    expect(res.status).toBe(404)
    expect(t.service.messages()).toEqual([])
  })

  it('does not exist without INBOUND_EMAIL_SECRET', async () => {
    const { createTestApp } = await import('../../support/test-app')
    const plain = createTestApp()
    const res = await plain.app.request('/hooks/email/inbound-secret-0123456789abcdef', {
      method: 'POST',
      body: readFixture('gmail.eml').toString(),
    })
    expect(res.status).toBe(404)
    expect(plain.service.messages()).toEqual([])
    plain.stop()
  })

  it('answers 503 while the store is down, then takes the reply when it is back', async () => {
    let down = true
    const flaky = flakyStore(createMemoryStore(), 'claim', () => down)
    t = await createInboundTestApp({ overrides: { store: flaky } })
    const first = await t.postMail(readFixture('outlook.eml'))
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('60')
    expect(t.service.messages()).toEqual([])
    down = false
    const second = await t.postMail(readFixture('outlook.eml'))
    expect(await second.json()).toEqual({ result: 'ok', messages: 1 })
    expect(t.service.messages()).toEqual([textTo(REPLIES['outlook.eml'] ?? '')])
  })

  it('answers 429 with Retry-After over the visitor’s message rate (a flood through a leaked address)', async () => {
    t = await createInboundTestApp({
      config: {
        rateLimits: {
          messagesPerVisitorPerMinute: 2,
          messagesPerIpPerMinute: 1000,
          sessionsPerIpPerMinute: 1000,
        },
      },
    })
    const first = plainMail(FIXTURE_ADDRESS, 'one')
    expect((await t.postMail(first)).status).toBe(200)
    expect((await t.postMail(plainMail(FIXTURE_ADDRESS, 'two'))).status).toBe(200)
    const third = await t.postMail(plainMail(FIXTURE_ADDRESS, 'three'))
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    // A repeat of a taken one is answered as before: it costs nothing.
    expect(await (await t.postMail(first)).json()).toEqual({ result: 'duplicate' })
    expect(t.service.messages()).toHaveLength(2)
  })

  it('stores the reply and answers 200 while the service is failing; the outbox sends it later', async () => {
    t = await createInboundTestApp()
    t.service.setMessageDefault({ status: 503, body: 'down' })
    const res = await t.postMail(readFixture('thunderbird.eml'))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(await visitorEntries(t)).toHaveLength(1)
    const records = await t.deps.store.listRecords(`outbox:${FIXTURE_VISITOR}:mail-`)
    expect(records).toHaveLength(1)
  })
})

describe('attachments', () => {
  it('names a refused file in the text for the agents and sends the rest', async () => {
    t = await createInboundTestApp()
    const boundary = 'b1'
    const exe = makeExecutable().toString('base64')
    const raw = plainMail(
      FIXTURE_ADDRESS,
      [
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Here is the file.',
        `--${boundary}`,
        'Content-Type: application/octet-stream; name="setup.exe"',
        'Content-Disposition: attachment; filename="setup.exe"',
        'Content-Transfer-Encoding: base64',
        '',
        exe,
        `--${boundary}--`,
        '',
      ].join('\n'),
      {
        'Content-Type': `multipart/mixed; boundary="${boundary}"`,
        'Content-Transfer-Encoding': '',
      },
    )
    const res = await t.postMail(raw)
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    const [message] = t.service.messages() as { message: { text: string } }[]
    expect(message?.message.text).toMatch(
      /^Here is the file\.\n\n\(Attachment "setup\.exe": not delivered \(.+\)\)$/,
    )
  })

  it('leaves out a small image the HTML shows by cid: (a signature logo)', async () => {
    t = await createInboundTestApp()
    const logo = readFixture('iphone-photo.eml')
      .toString()
      .split('Content-Transfer-Encoding: base64\r\n\r\n')[1]
      ?.split('\r\n--')[0]
    const raw = plainMail(
      FIXTURE_ADDRESS,
      [
        '--rel',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Thanks!</p><p>Maria<br><img src="cid:image001.jpg@01DB3F4A"></p>',
        '--rel',
        'Content-Type: image/jpeg; name="image001.jpg"',
        'Content-ID: <image001.jpg@01DB3F4A>',
        'Content-Disposition: inline; filename="image001.jpg"',
        'Content-Transfer-Encoding: base64',
        '',
        logo,
        '--rel--',
        '',
      ].join('\n'),
      { 'Content-Type': 'multipart/related; boundary="rel"', 'Content-Transfer-Encoding': '' },
    )
    expect(await (await t.postMail(raw)).json()).toEqual({ result: 'ok', messages: 1 })
    expect(t.service.messages()).toEqual([textTo('Thanks!\n\nMaria')])
  })
})

describe('POST /hooks/email/:secret — masking', () => {
  it('hides a card number and an IBAN of a reply before it is stored or sent', async () => {
    t = await createInboundTestApp()
    const body = 'My card is 4111 1111 1111 1111 and my IBAN DE89370400440532013000.'
    const res = await t.postMail(plainMail(FIXTURE_ADDRESS, body))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    const masked = 'My card is •••• •••• •••• 1111 and my IBAN DE•• •••• •••• 3000.'
    expect(t.service.messages()).toEqual([textTo(masked)])
    expect((await visitorEntries(t))[0]?.content).toEqual({ type: 'text', text: masked })
  })
})
