import { createHash } from 'node:crypto'
import { simpleParser } from 'mailparser'
import { htmlText } from './html-text'
import { addressesIn, headersOf, type MailHeaders } from './mail-loop'
import { extractReply } from './reply-text'

/** An attachment of the reply, as the mail carried it. */
export type MailAttachment = {
  /** The file name the mail gave, or undefined (an inline part without one). */
  name: string | undefined
  contentType: string
  content: Buffer
  /** An image the HTML body shows through `cid:` (a signature logo, a pasted image). */
  related: boolean
}

export type ParsedReply = {
  headers: MailHeaders
  /** The Message-ID without its angle brackets, or undefined when the mail has none. */
  messageId: string | undefined
  /**
   * Who was asked to deliver the message to us, in the order to try: the envelope
   * recipient headers the receiving server adds, then To and Cc.
   */
  recipients: string[]
  /** The visitor's new words: the text part (or the HTML as text) without quotes and signature. */
  text: string
  attachments: MailAttachment[]
}

// Envelope recipients (added by the receiving server) come first: To may name
// several conversations' addresses, or only a list.
const RECIPIENT_HEADERS = [
  'delivered-to',
  'x-original-to',
  'envelope-to',
  'x-envelope-to',
  'x-forwarded-to',
  'to',
  'cc',
]

/**
 * Parses a raw RFC 822 message with mailparser (any charset, quoted-printable or
 * base64, nested multiparts) and takes what the inbound route needs. Rejects only for
 * input mailparser cannot read at all.
 *
 * @example const reply = await parseReply(rawBytes)
 */
export async function parseReply(raw: Uint8Array): Promise<ParsedReply> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    // cid: images stay links (no data: copies of attachments), text links stay text.
    skipImageLinks: true,
    skipTextLinks: true,
  })
  const headers = headersOf(mail.headerLines)
  const recipients = RECIPIENT_HEADERS.flatMap((name) =>
    (headers.get(name) ?? []).flatMap(addressesIn),
  )
  return {
    headers,
    messageId: mail.messageId?.trim().replace(/^<|>$/g, '') || undefined,
    recipients: [...new Set(recipients)],
    // mailparser makes text of a lone HTML part, not of HTML inside multipart/related.
    text: extractReply(mail.text ?? (mail.html ? htmlText(mail.html) : '')),
    attachments: mail.attachments.map((attachment) => ({
      name: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      related: attachment.related === true,
    })),
  }
}

/**
 * The id this message is known by for de-duplication, within the conversation its
 * reply address names (`addressedTo`, before any merge, so it never changes): its
 * Message-ID, or for a message without one its bytes, hashed (22 characters of
 * base64url).
 */
export function messageKey(
  addressedTo: string,
  messageId: string | undefined,
  raw: Uint8Array,
): string {
  const hash = createHash('sha256').update(addressedTo).update('\n')
  if (messageId === undefined) hash.update('raw:').update(raw)
  else hash.update('id:').update(messageId)
  return hash.digest('base64url').slice(0, 22)
}
