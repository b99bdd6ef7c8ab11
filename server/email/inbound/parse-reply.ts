import { createHash } from 'node:crypto'
import { simpleParser } from 'mailparser'
import { MAX_MESSAGE_LENGTH } from '../../../shared/text'
import { htmlText } from './html-text'
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
  /** The visitor's new words: the text part (or the HTML as text) without quotes and signature. */
  text: string
  attachments: MailAttachment[]
}

/**
 * The most text handed to reply extraction: the visitor's words come first, and a
 * reply longer than this is cut to MAX_MESSAGE_LENGTH anyway; the quoted history
 * below them may be any length.
 */
export const MAX_EXTRACT_CHARS = 5 * MAX_MESSAGE_LENGTH

/**
 * Parses the body of a raw RFC 822 message with mailparser (any charset,
 * quoted-printable or base64, nested multiparts) and takes what the inbound route
 * needs: called only once its headers were found to answer one of our reply
 * addresses. The text part is used; a message without one (HTML only) is converted
 * here (htmlText: no hidden text, no image or unsafe link targets). Rejects only for
 * input mailparser cannot read at all.
 *
 * @example const reply = await parseReply(rawBytes)
 */
export async function parseReply(raw: Uint8Array): Promise<ParsedReply> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    // cid: images stay links (no data: copies of attachments), text links stay text.
    skipImageLinks: true,
    skipTextLinks: true,
    // The HTML is converted here, not by mailparser; its text is never made into HTML.
    skipHtmlToText: true,
    skipTextToHtml: true,
  })
  const text = mail.text?.trim() ? mail.text : mail.html ? htmlText(mail.html) : ''
  return {
    // Blanks first would use up the room: they are no words.
    text: extractReply(text.trimStart().slice(0, MAX_EXTRACT_CHARS)),
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
