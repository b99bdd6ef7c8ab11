import { SMTPServer } from 'smtp-server'
import type { Logger } from '../../../server/logging/logger'
import type { Mailbox } from './mailbox'

/** The largest message the sandbox takes (an e-mail with a few photos). */
export const MAX_MAIL_BYTES = 25 * 1024 * 1024

export type RunningSmtp = { port: number; url: string; close(): Promise<void> }

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode })
}

/**
 * The sandbox's SMTP server: plain SMTP on loopback (no STARTTLS), any user name and
 * password accepted, every message kept in `mailbox`. While the mailbox is down it
 * answers 451 to each recipient, as a mail server in trouble does.
 */
export async function startSmtp(options: {
  mailbox: Mailbox
  logger: Logger
  port: number
  host: string
}): Promise<RunningSmtp> {
  const { mailbox, logger } = options
  const server = new SMTPServer({
    banner: 'Porthole sandbox mailbox',
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MAIL_BYTES,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'sandbox' })
    },
    onRcptTo(_address, _session, callback) {
      if (mailbox.state().down)
        callback(smtpError('The sandbox mailbox is down on purpose (console): try later', 451))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError(`Message larger than ${MAX_MAIL_BYTES} bytes`, 552))
          return
        }
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        mailbox.receive({ raw: Buffer.concat(chunks), envelopeFrom, envelopeTo }).then(
          () => callback(),
          (error: unknown) => {
            logger.error('sandbox: an e-mail could not be read', { error })
            callback(smtpError('The sandbox could not read this message', 554))
          },
        )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Once it listens: a failed listen is the caller's error, not a log line.
  server.on('error', (error) => logger.warn('sandbox: SMTP server error', { error }))
  const address = server.server.address()
  if (address === null || typeof address === 'string')
    throw new Error('sandbox: the SMTP server has no TCP address')
  const { port } = address
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const url = `smtp://${host}:${port}`
  mailbox.setSmtpUrl(url)
  return {
    port,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        mailbox.setSmtpUrl(undefined)
        server.close(() => resolve())
      }),
  }
}
