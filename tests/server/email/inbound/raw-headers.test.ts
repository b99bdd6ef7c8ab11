import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { addressesIn, type MailHeaders } from '../../../../server/email/inbound/mail-loop'
import { messageIdOf, readHeaders } from '../../../../server/email/inbound/raw-headers'
import { MAX_RECIPIENTS, recipientsOf } from '../../../../server/email/inbound/reply-recipients'
import { FIXTURE_ADDRESS, LOOPS, REPLIES, readFixture } from '../../support/inbound-emails'

const bytes = (text: string) => Buffer.from(text, 'latin1')

/** mailparser's header lines as MailHeaders: what readHeaders must agree with. */
function mailparserHeaders(lines: readonly { key: string; line: string }[]): MailHeaders {
  const headers = new Map<string, string[]>()
  for (const { key, line } of lines) {
    const colon = line.indexOf(':')
    const value = (colon < 0 ? '' : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, ' ').trim()
    headers.set(key.toLowerCase(), [...(headers.get(key.toLowerCase()) ?? []), value])
  }
  return headers
}

describe('readHeaders: the header block, without the body', () => {
  it('unfolds continuation lines, keeps repeats in order, lower-cases names', () => {
    const headers = readHeaders(
      bytes(
        'Received: from a\r\n\tby b\r\nReceived: from c\r\nTO:  Anna <a@b.example> \r\n\r\nBody: no',
      ),
    )
    expect(headers?.get('received')).toEqual(['from a by b', 'from c'])
    expect(headers?.get('to')).toEqual(['Anna <a@b.example>'])
    expect(headers?.has('body')).toBe(false)
  })

  it('reads bare LF line ends, a message without a body, and one without headers', () => {
    expect(readHeaders(bytes('To: a@b.example\n\nHi'))?.get('to')).toEqual(['a@b.example'])
    expect(readHeaders(bytes('To: a@b.example'))?.get('to')).toEqual(['a@b.example'])
    expect(readHeaders(bytes('\r\nTo: a@b.example'))?.size).toBe(0)
    expect(readHeaders(bytes(''))?.size).toBe(0)
  })

  it('refuses a block longer than its limit, reading no further', () => {
    const long = `To: a@b.example\r\nCc: ${'a'.repeat(2000)}\r\n\r\nHi`
    expect(readHeaders(bytes(long), 1000)).toBeUndefined()
    expect(readHeaders(bytes(long), 4000)?.get('to')).toEqual(['a@b.example'])
  })

  it.each([...Object.keys(REPLIES), ...Object.keys(LOOPS)])(
    '%s: the same headers and Message-ID as mailparser reads',
    async (name) => {
      const raw = readFixture(name)
      const mail = await simpleParser(raw)
      const headers = readHeaders(raw)
      expect(headers).toEqual(mailparserHeaders(mail.headerLines))
      expect(messageIdOf(headers ?? new Map())).toBe(mail.messageId?.replace(/^<|>$/g, ''))
    },
  )

  it('takes a Message-ID with or without its angle brackets', () => {
    expect(messageIdOf(new Map([['message-id', ['<x@y>']]]))).toBe('x@y')
    expect(messageIdOf(new Map([['message-id', ['x@y']]]))).toBe('x@y')
    expect(messageIdOf(new Map([['message-id', ['<>']]]))).toBeUndefined()
    expect(messageIdOf(new Map())).toBeUndefined()
  })
})

describe('addressesIn and recipientsOf', () => {
  it('find the bare addresses as the old expression did', () => {
    const cases = [
      'Anna <a@b.example>, c@d.example',
      '"Lopez, Maria" <Maria@Lopez.Example>; x@y',
      '@b a@ x@@y (c@d) e@f@g',
      `Northwind <${FIXTURE_ADDRESS}>`,
      'a@b.example\u00a0c@d.example',
    ]
    for (const value of cases) {
      const before = [...value.matchAll(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g)].map((m) =>
        m[0].toLowerCase(),
      )
      expect(addressesIn(value)).toEqual(before)
    }
  })

  it('read at most 16 KiB of a header and try at most MAX_RECIPIENTS addresses', () => {
    expect(addressesIn(`${'x'.repeat(20_000)} a@b.example`)).toEqual([])
    const many = Array.from({ length: 500 }, (_, i) => `u${i}@b.example`).join(', ')
    const recipients = recipientsOf(
      new Map([
        ['delivered-to', [FIXTURE_ADDRESS]],
        ['cc', [many]],
      ]),
    )
    expect(recipients).toHaveLength(MAX_RECIPIENTS)
    expect(recipients[0]).toBe(FIXTURE_ADDRESS)
  })
})
