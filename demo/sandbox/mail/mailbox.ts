import { randomUUID } from 'node:crypto'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One e-mail the sandbox received, parsed for the console. */
export type MailboxMessage = {
  id: string
  receivedAt: number
  /** The SMTP envelope: who sent it and to whom it was delivered. */
  envelope: { from: string | undefined; to: string[] }
  from: string
  to: string
  replyTo: string | undefined
  subject: string
  messageId: string | undefined
  /** Every header line as sent, in order. */
  headers: { name: string; value: string }[]
  text: string
  /** The HTML part, for a sandboxed frame; undefined for text-only mail. */
  html: string | undefined
  /** The raw message (RFC 822), for "Reply as the visitor" and for download. */
  raw: string
}

export type MailSummary = Pick<
  MailboxMessage,
  'id' | 'receivedAt' | 'from' | 'to' | 'replyTo' | 'subject'
>

export type Mailbox = {
  /** Newest first, without bodies. */
  list(): MailSummary[]
  get(id: string): MailboxMessage | undefined
  /** Parses and keeps a raw message (what the SMTP server does with each one). */
  receive(raw: Buffer, envelope: MailboxMessage['envelope']): Promise<MailboxMessage>
  clear(): void
}

/**
 * The sandbox's mailbox: every e-mail its SMTP server receives, newest first, at most
 * `limit` (the oldest go). In memory: the demo's e-mails are for looking at.
 *
 * @example const mailbox = createMailbox(); await mailbox.receive(raw, { from, to })
 */
export function createMailbox(options: { limit?: number; now?: () => number } = {}): Mailbox {
  const limit = options.limit ?? 200
  const now = options.now ?? Date.now
  const messages: MailboxMessage[] = []
  return {
    list: () =>
      messages.map(({ id, receivedAt, from, to, replyTo, subject }) => ({
        id,
        receivedAt,
        from,
        to,
        replyTo,
        subject,
      })),
    get: (id) => messages.find((message) => message.id === id),
    async receive(raw, envelope) {
      const mail = await simpleParser(raw, { skipImageLinks: true })
      const text = (address: { text: string } | { text: string }[] | undefined) =>
        address === undefined
          ? ''
          : Array.isArray(address)
            ? address.map((one) => one.text).join(', ')
            : address.text
      const message: MailboxMessage = {
        id: randomUUID(),
        receivedAt: now(),
        envelope,
        from: text(mail.from),
        to: text(mail.to),
        replyTo: mail.replyTo?.value[0]?.address,
        subject: mail.subject ?? '',
        messageId: mail.messageId,
        headers: mail.headerLines.map(({ line }) => {
          const colon = line.indexOf(':')
          return {
            name: line.slice(0, colon),
            value: line
              .slice(colon + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim(),
          }
        }),
        text: mail.text ?? '',
        html: mail.html === false ? undefined : mail.html,
        raw: raw.toString('utf8'),
      }
      messages.unshift(message)
      messages.splice(limit)
      return message
    },
    clear() {
      messages.length = 0
    },
  }
}

export type RunningSmtp = { port: number; close(): Promise<void> }

/** The largest message the sandbox's SMTP server takes. */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024

/**
 * A local SMTP server (no TLS; any login is accepted, as the backend's SMTP_URL may
 * carry one) that keeps every message in `mailbox`. Port 0 picks a free one.
 *
 * @example const smtp = await listenSmtp(mailbox, { port: 0 }) // SMTP_URL=smtp://demo:demo@127.0.0.1:${smtp.port}
 */
export function listenSmtp(
  mailbox: Mailbox,
  options: { port: number; host?: string; onMail?: (message: MailboxMessage) => void },
): Promise<RunningSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'demo' })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
          return
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        }
        mailbox.receive(Buffer.concat(chunks), envelope).then(
          (message) => {
            options.onMail?.(message)
            callback()
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        )
      })
    },
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      const address = server.server.address()
      if (address === null || typeof address === 'string') {
        reject(new Error('sandbox SMTP: the server has no TCP address'))
        return
      }
      resolve({
        port: address.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
