import { SMTPServer } from 'smtp-server'
import { createSmtpTransport, type MailTransport } from '../../../server/email/smtp-transport'

/** One e-mail the sink took: envelope, raw message and its unfolded headers (lower-case names). */
export type SunkMail = {
  from: string
  to: string[]
  raw: string
  headers: Map<string, string>
  /** The body after the headers, transfer encodings left as sent. */
  body: string
}

/** How the sink answers the next messages: take them, 451 (try later) or 550 on RCPT (refused). */
export type SinkMode = 'accept' | 'tempfail' | 'reject'

export type SmtpSink = {
  port: number
  /** Without credentials (no login). */
  url: string
  /** The same server with a user and a password: the client logs in. */
  credentialsUrl: string
  mails: SunkMail[]
  /** Each login the server saw: the user, and whether the connection was TLS by then. */
  logins: { user: string; secure: boolean }[]
  mode: SinkMode
  /** Stops listening (connections are refused) until start(). */
  stop(): Promise<void>
  start(): Promise<void>
}

function parse(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: raw.slice(split + 4) }
}

/**
 * A real SMTP server on loopback (any or no login) that keeps what it receives; no TLS
 * unless `startTls` (STARTTLS offered, with smtp-server's self-signed certificate).
 */
export async function startSmtpSink(options: { startTls?: boolean } = {}): Promise<SmtpSink> {
  let port = 0
  let server: SMTPServer | undefined
  const sink: SmtpSink = {
    port: 0,
    url: '',
    credentialsUrl: '',
    mails: [],
    logins: [],
    mode: 'accept',
    async stop() {
      const closing = server
      server = undefined
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: options.startTls ? [] : ['STARTTLS'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, session, callback) {
          sink.logins.push({ user: auth.username ?? '', secure: session.secure })
          callback(null, { user: 'test' })
        },
        onRcptTo(address, _session, callback) {
          if (sink.mode === 'reject') {
            const error = Object.assign(new Error('No such user here'), { responseCode: 550 })
            return callback(error)
          }
          if (sink.mode === 'tempfail') {
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
            return callback(error)
          }
          callback()
          void address
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            sink.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              ...parse(raw),
            })
            callback()
          })
        },
      })
      const listening = server
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject)
        listening.listen(port, '127.0.0.1', () => resolve())
      })
      const address = listening.server.address()
      port = typeof address === 'object' && address ? address.port : port
      sink.port = port
      sink.url = `smtp://127.0.0.1:${port}`
      sink.credentialsUrl = `smtp://user:secret@127.0.0.1:${port}`
    },
  }
  await sink.start()
  return sink
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const text = body.replace(/=\r\n/g, '')
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The message's parts (text, HTML), quoted-printable and base64 decoded, one after another. */
export function decodeParts(raw: string): string {
  return raw
    .split(/\r\n--[^\r\n]+/)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n')
      if (split < 0) return part
      const head = part.slice(0, split).toLowerCase()
      const body = part.slice(split + 4)
      if (head.includes('content-transfer-encoding: base64'))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      if (head.includes('content-transfer-encoding: quoted-printable'))
        return decodeQuotedPrintable(body)
      return body
    })
    .join('\n')
}

/**
 * A transport to the sink at `url` whose process "dies" once the server has taken the
 * e-mail: it sends, then throws before the answer can be recorded.
 */
export function crashingAfterSmtp(url: string): MailTransport {
  const real = createSmtpTransport({
    url,
    from: { name: undefined, address: 'chat@northwind.example' },
  })
  return {
    async send(mail) {
      await real.send(mail)
      throw new Error('process killed after the SMTP answer')
    },
    close: () => real.close(),
  }
}
