import { type AddressObject, simpleParser } from 'mailparser'

/** What the mailbox keeps of a received message besides its envelope. */
export type ParsedMail = {
  from: string
  to: string
  subject: string
  replyTo?: string
  messageId?: string
  date?: number
  headers: [string, string][]
  text?: string
  html?: string
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  value === undefined ? '' : (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ')

/** Reads a raw RFC 822 message: the headers as sent (unfolded), the decoded text and HTML parts. */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true })
  const replyTo = mail.replyTo?.value[0]?.address
  return {
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    ...(replyTo ? { replyTo } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.date ? { date: mail.date.getTime() } : {}),
    headers: mail.headerLines.map(({ line }) => {
      const colon = line.indexOf(':')
      return [
        line.slice(0, colon),
        line
          .slice(colon + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ]
    }),
    ...(mail.text ? { text: mail.text } : {}),
    ...(typeof mail.html === 'string' ? { html: mail.html } : {}),
  }
}
