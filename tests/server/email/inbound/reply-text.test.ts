import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import {
  attributionAt,
  extractReply,
  historyStart,
} from '../../../../server/email/inbound/reply-text'
import { REPLIES, readFixture } from '../../support/inbound-emails'

describe('extractReply on each client’s real reply', () => {
  it.each(Object.entries(REPLIES))('%s', async (name, expected) => {
    const mail = await simpleParser(readFixture(name))
    expect(extractReply(mail.text ?? '')).toBe(expected)
  })
})

describe('extractReply, form by form', () => {
  it('removes a Gmail attribution wrapped before the address, and the quote under it', () => {
    const text =
      'Yes.\n\nOn Wed, Nov 25, 2026 at 6:12 PM Anna <\nreply+x@r.example> wrote:\n\n> Hi\n> there\n'
    expect(extractReply(text)).toBe('Yes.')
  })

  it('removes an Apple Mail attribution that is itself quoted (iOS)', () => {
    expect(
      extractReply('Ok\n\n> On 25 Nov 2026, at 18:12, Anna <a@b.example> wrote:\n> \n> Hi'),
    ).toBe('Ok')
  })

  it('keeps the answer below a Thunderbird quote (quoted above)', () => {
    expect(extractReply('On 25/11/2026 19:12, Anna wrote:\n> Hi\n\nHello back')).toBe('Hello back')
  })

  it('keeps answers between quoted lines and drops the quotes', () => {
    expect(extractReply('> one?\nyes\n> two?\nno')).toBe('yes\nno')
  })

  it('cuts Outlook’s header block and what follows, with the line above it', () => {
    const text =
      'Fine.\n\n________________________________\nFrom: Anna <a@b.example>\nSent: Wednesday, November 25, 2026 6:12 PM\nTo: Maria\nSubject: Hi\n\nHi Maria'
    expect(historyStart(text.split('\n'))).toBe(1)
    expect(extractReply(text)).toBe('Fine.')
  })

  it('cuts Outlook’s Russian header block', () => {
    const text =
      'Хорошо.\n\nОт: Anna <a@b.example>\nОтправлено: 25 ноября 2026 г. 18:12\nКому: Мария\nТема: Ответ\n\nЗдравствуйте'
    expect(extractReply(text)).toBe('Хорошо.')
  })

  it('cuts at -----Original Message-----', () => {
    expect(extractReply('Cancel it.\n-----Original Message-----\nFrom: a\nHi')).toBe('Cancel it.')
  })

  it('takes the rest along after an attribution followed by unquoted history', () => {
    expect(extractReply('Thanks\n\nOn 25 Nov 2026, at 18:12, Anna wrote:\n\nHi Maria, …')).toBe(
      'Thanks',
    )
  })

  it('removes the Russian “… пишет:” form and Gmail’s Russian form', () => {
    expect(extractReply('Да\n\n25.11.2026 21:12, Анна пишет:\n> Привет')).toBe('Да')
    expect(
      extractReply('Да\n\nср, 25 нояб. 2026 г. в 21:12, Анна <a@b.example>:\n\n> Привет'),
    ).toBe('Да')
  })

  it('cuts a "-- " signature, with or without its trailing space, and "Sent from my iPhone"', () => {
    for (const mail of [
      'Hi\n\n-- \nMaria\nLopez Design',
      'Hi\n\n--\nMaria',
      'Hi\n\nSent from my iPhone',
    ])
      expect(extractReply(mail)).toBe('Hi')
    expect(extractReply('Привет\n\nОтправлено с iPhone')).toBe('Привет')
  })

  it('keeps the visitor’s own words that only look like an attribution or a rule', () => {
    expect(extractReply('On Monday I wrote:\nthe order is wrong')).toBe(
      'On Monday I wrote:\nthe order is wrong',
    )
    expect(extractReply('Step 1 --- then 2\nFrom: my home address')).toBe(
      'Step 1 --- then 2\nFrom: my home address',
    )
    expect(attributionAt(['On Monday I wrote:'], 0)).toBe(0)
  })

  it('trims blank lines and shortens runs of them; an all-quote reply is empty', () => {
    expect(extractReply('\r\n\r\nA\r\n\r\n\r\n\r\nB\r\n\r\n')).toBe('A\n\nB')
    expect(extractReply('> only a quote\n>\n')).toBe('')
  })
})

describe('extractReply on long lines', () => {
  it('still finds an attribution wrapped over lines, and none in a long line', () => {
    expect(
      extractReply('Yes\n\nOn Wed, 25 Nov 2026 at 18:12, Anna\n<a@b.example> wrote:\n> Hi'),
    ).toBe('Yes')
    const long = `On 1 Jan 2026 ${'x'.repeat(600)} wrote:`
    expect(extractReply(`${long}\n> Hi`)).toBe(long)
  })
})
