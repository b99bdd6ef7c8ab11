import { simpleParser } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailbox, listenSmtp, type RunningSmtp } from '../../../../demo/sandbox/mail/mailbox'
import { visitorReply } from '../../../../demo/sandbox/mail/visitor-reply'
import { extractReply } from '../../../../server/email/inbound/reply-text'
import { sendSmtp } from './smtp-client'

let smtp: RunningSmtp | undefined
afterEach(async () => {
  await smtp?.close()
  smtp = undefined
})

const PORTHOLE_MAIL = [
  'From: Northwind <chat@northwind.test>',
  'To: Maria Lopez <maria@lopez.example>',
  'Reply-To: reply+abc-def@reply.northwind.test',
  'Subject: Anna answered your question',
  'Message-ID: <m1@northwind.test>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b"',
  '',
  '--b',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hi Maria, your order shipped.',
  '.leading dot survives',
  '--b',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Hi Maria, your order <b>shipped</b>.</p>',
  '--b--',
  '',
].join('\n')

describe('the sandbox’s SMTP server and mailbox', () => {
  it('keeps every e-mail it receives, parsed, with its headers and envelope, newest first', async () => {
    const mailbox = createMailbox()
    smtp = await listenSmtp(mailbox, { port: 0 })
    const replies = await sendSmtp(
      smtp.port,
      { from: 'chat@northwind.test', to: 'maria@lopez.example' },
      PORTHOLE_MAIL,
    )
    expect(
      replies.some((reply) => reply.startsWith('250') && /queued|accepted|OK/i.test(reply)),
    ).toBe(true)
    await sendSmtp(
      smtp.port,
      { from: 'chat@northwind.test', to: 'b@x.example' },
      'Subject: second\n\nhi',
    )
    const [second, first] = mailbox.list()
    expect(second?.subject).toBe('second')
    expect(first).toMatchObject({
      subject: 'Anna answered your question',
      from: '"Northwind" <chat@northwind.test>',
      to: '"Maria Lopez" <maria@lopez.example>',
      replyTo: 'reply+abc-def@reply.northwind.test',
    })
    const message = mailbox.get(first?.id ?? '')
    expect(message?.envelope).toEqual({ from: 'chat@northwind.test', to: ['maria@lopez.example'] })
    expect(message?.text).toBe('Hi Maria, your order shipped.\n.leading dot survives')
    expect(message?.html).toContain('<b>shipped</b>')
    expect(message?.headers).toContainEqual({ name: 'Message-ID', value: '<m1@northwind.test>' })
  })

  it('accepts a login, as the backend’s SMTP_URL may carry one', async () => {
    const mailbox = createMailbox()
    smtp = await listenSmtp(mailbox, { port: 0 })
    const answers = await sendSmtp(
      smtp.port,
      { from: 'a@b.example', to: 'c@d.example', login: ['demo', 'demo'] },
      'Subject: with login\n\nhello',
    )
    expect(answers.some((answer) => answer.startsWith('235'))).toBe(true)
    expect(mailbox.list()[0]?.subject).toBe('with login')
  })

  it('keeps at most `limit` e-mails, dropping the oldest', async () => {
    const mailbox = createMailbox({ limit: 2 })
    for (const subject of ['a', 'b', 'c']) {
      await mailbox.receive(Buffer.from(`Subject: ${subject}\r\n\r\nx`), {
        from: undefined,
        to: [],
      })
    }
    expect(mailbox.list().map((message) => message.subject)).toEqual(['c', 'b'])
  })
})

describe('visitorReply', () => {
  it('answers the Reply-To from the visitor, threaded, and Porthole reads only the new words', async () => {
    const mailbox = createMailbox()
    const original = await mailbox.receive(Buffer.from(PORTHOLE_MAIL), {
      from: 'chat@northwind.test',
      to: ['maria@lopez.example'],
    })
    const raw = visitorReply(original, 'Спасибо! Friday is fine.', new Date('2026-11-25T18:00:00Z'))
    const mail = await simpleParser(raw)
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(
      'reply+abc-def@reply.northwind.test',
    )
    expect(mail.from?.text).toBe('maria@lopez.example')
    expect(mail.subject).toBe('Re: Anna answered your question')
    expect(mail.inReplyTo).toBe('<m1@northwind.test>')
    expect(extractReply(mail.text ?? '')).toBe('Спасибо! Friday is fine.')
  })
})
