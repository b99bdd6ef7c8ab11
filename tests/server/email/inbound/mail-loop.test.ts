import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { detectLoop, headersOf } from '../../../../server/email/inbound/mail-loop'
import { LOOPS, REPLIES, readFixture } from '../../support/inbound-emails'

const options = { replyDomain: 'reply.northwind.example' }
const headers = (entries: [string, string][]) =>
  new Map(entries.map(([name, value]) => [name, [value]] as const))

describe('detectLoop', () => {
  it.each(Object.keys(REPLIES))('lets a person’s reply through: %s', async (name) => {
    const mail = await simpleParser(readFixture(name))
    expect(detectLoop(headersOf(mail.headerLines), options)).toBeUndefined()
  })

  it.each(Object.entries(LOOPS))('drops %s as %s', async (name, reason) => {
    const mail = await simpleParser(readFixture(name))
    expect(detectLoop(headersOf(mail.headerLines), options)).toBe(reason)
  })

  it.each([
    [[['auto-submitted', 'auto-replied']], 'auto_submitted'],
    [[['auto-submitted', 'auto-generated; owner-email="a@b.example"']], 'auto_submitted'],
    [[['x-autoreply', 'yes']], 'auto_reply'],
    [[['x-autorespond', 'Out of office']], 'auto_reply'],
    [[['precedence', 'bulk']], 'precedence'],
    [[['precedence', 'auto_reply']], 'precedence'],
    [[['precedence', 'list']], 'precedence'],
    [[['return-path', '<>']], 'bounce'],
    [[['content-type', 'multipart/report; report-type=delivery-status; boundary=x']], 'bounce'],
    [[['from', 'MAILER-DAEMON@mx.example (Mail Delivery System)']], 'bounce'],
    [[['from', 'Northwind <reply+abc@reply.northwind.example>']], 'from_reply_domain'],
  ] as [[string, string][], string][])('%j → %s', (entries, reason) => {
    expect(detectLoop(headers(entries), options)).toBe(reason)
  })

  it('takes Auto-Submitted: no, Precedence: first-class and a real return path for a person', () => {
    expect(
      detectLoop(
        headers([
          ['auto-submitted', 'no'],
          ['precedence', 'first-class'],
          ['return-path', '<maria@lopez.example>'],
          ['from', 'Maria <maria@lopez.example>'],
          ['content-type', 'multipart/mixed; boundary=x'],
        ]),
        options,
      ),
    ).toBeUndefined()
  })

  it('reads folded and repeated headers', () => {
    const parsed = headersOf([
      { key: 'received', line: 'Received: from a\r\n\tby b' },
      { key: 'received', line: 'Received: from c' },
    ])
    expect(parsed.get('received')).toEqual(['from a by b', 'from c'])
  })
})
