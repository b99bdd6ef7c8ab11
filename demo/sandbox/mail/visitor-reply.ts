import { randomUUID } from 'node:crypto'
import type { MailboxMessage } from './mailbox'

/**
 * The raw e-mail (RFC 822) a visitor's mail program would send in answer to
 * `original`: to its Reply-To, from the address it was sent to, `Re:` its subject,
 * threaded by In-Reply-To/References, with `text` on top and the original quoted
 * below Gmail-style ("On … wrote:" and `>` lines), UTF-8 in base64.
 *
 * @example const raw = visitorReply(message, 'Thanks, Friday is fine.', new Date())
 */
export function visitorReply(original: MailboxMessage, text: string, date: Date): string {
  const to = original.replyTo ?? addressOf(original.from)
  const from = original.envelope.to[0] ?? addressOf(original.to)
  const subject = /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`
  const quoted = original.text
    .replace(/\r\n?/g, '\n')
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
  const body = `${text.trim()}\n\nOn ${date.toUTCString()}, ${original.from} wrote:\n\n${quoted}\n`
  const references = original.messageId
    ? [`In-Reply-To: ${original.messageId}`, `References: ${original.messageId}`]
    : []
  const headers = [
    `Return-Path: <${from}>`,
    `Delivered-To: ${to}`,
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodeWord(subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@sandbox.porthole.test>`,
    ...references,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    'X-Mailer: Porthole sandbox (Reply as the visitor)',
  ]
  const encoded = Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n')
  return `${headers.join('\r\n')}\r\n\r\n${encoded}\r\n`
}

/** The bare address of "Name <a@b>" (or the value itself). */
function addressOf(value: string): string {
  return /<([^>]+)>/.exec(value)?.[1] ?? value.trim()
}

/** A header value, RFC 2047-encoded when it is not plain ASCII. */
function encodeWord(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}
