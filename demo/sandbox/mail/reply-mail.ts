import type { MailDetail } from './model'

/** The parts of a reply the caller chooses: what the visitor writes, when, and its id. */
export type ReplyInput = { text: string; now: number; messageId: string }

// A header value may not carry line breaks (they would start a header of their own).
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ')

/** RFC 2047 for a header word outside ASCII (the subject of a Russian e-mail). */
function encodeWord(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}

/** The first address of a header such as `Anna <anna@example.com>, …`. */
function firstAddress(header: string): string {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(header)
  if (angle?.[1]) return angle[1]
  return header.split(',')[0]?.trim() ?? ''
}

/**
 * The raw RFC 822 reply a visitor's mail program would send to `original`: to its
 * Reply-To (else its From), with In-Reply-To and References, the new text on top and the
 * original quoted below the way Gmail and Thunderbird quote ("On …, … wrote:" and `> `
 * lines), so the inbound route has real quoting to remove.
 */
export function buildReply(original: MailDetail, input: ReplyInput): string {
  const to = original.replyTo ?? firstAddress(original.from)
  const from = original.envelopeTo[0] ?? firstAddress(original.to)
  const subject = /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`
  const when = new Date(original.date ?? original.receivedAt).toUTCString()
  const quoted = (original.text ?? '')
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\r\n')
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(to)}`,
    `Subject: ${encodeWord(oneLine(subject))}`,
    `Date: ${new Date(input.now).toUTCString()}`,
    `Message-ID: ${input.messageId}`,
    ...(original.messageId
      ? [`In-Reply-To: ${original.messageId}`, `References: ${original.messageId}`]
      : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ]
  const body = `${input.text.replace(/\r?\n/g, '\r\n')}\r\n\r\nOn ${when}, ${original.from} wrote:\r\n${quoted}\r\n`
  const encoded = Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n')
  return `${headers.join('\r\n')}\r\n\r\n${encoded}\r\n`
}
