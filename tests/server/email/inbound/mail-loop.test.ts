import { describe, expect, it } from 'vitest'
import { detectLoop } from '../../../../server/email/inbound/mail-loop'
import { readHeaders } from '../../../../server/email/inbound/raw-headers'
import { LOOPS, REPLIES, readFixture } from '../../support/inbound-emails'

const options = { replyDomain: 'reply.northwind.example' }
const headers = (entries: [string, string][]) =>
  new Map(entries.map(([name, value]) => [name, [value]] as const))

describe('detectLoop', () => {
  const headersOfFixture = (name: string) => readHeaders(readFixture(name)) ?? new Map()

  it.each(Object.keys(REPLIES))('lets a person’s reply through: %s', (name) => {
    expect(detectLoop(headersOfFixture(name), options)).toBeUndefined()
  })

  it.each(Object.entries(LOOPS))('drops %s as %s', (name, reason) => {
    expect(detectLoop(headersOfFixture(name), options)).toBe(reason)
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
})
