import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { ReceivedEmail } from './email-tally'
import { freePort, HOST } from './net'

// The e-mail row's SMTP server on loopback (no TLS, no login): it refuses every message
// with a 451 (try again later) while `refusing` is set, and otherwise keeps each e-mail
// once its data has fully arrived (an e-mail cut off mid-transfer is not taken).

export type DrillSmtp = {
  url: string
  /** 451 on MAIL FROM while true. */
  refusing: boolean
  /** Every e-mail taken, in arrival order (repeats included). */
  received: ReceivedEmail[]
  /** How many MAIL FROM were answered 451. */
  refusals(): number
  close(): Promise<void>
}

export async function startDrillSmtp(): Promise<DrillSmtp> {
  const port = await freePort()
  let refusals = 0
  const sink: DrillSmtp = {
    url: `smtp://${HOST}:${port}`,
    refusing: true,
    received: [],
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // 200 visitors' e-mails may come at once after a restart.
    maxClients: 1000,
    onMailFrom(_address, _session, callback) {
      if (!sink.refusing) return callback()
      refusals += 1
      callback(Object.assign(new Error('drill: try again later'), { responseCode: 451 }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            sink.received.push({
              to: session.envelope.rcptTo[0]?.address ?? '',
              messageId: parsed.messageId ?? '',
              text: `${parsed.text ?? ''}\n${typeof parsed.html === 'string' ? parsed.html : ''}`,
              at: Date.now(),
            })
            callback()
          })
          .catch((error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error))),
          )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => resolve())
  })
  // The row kills a backend with -9, possibly mid-conversation (the flush after the outage
  // holds a few open): its connections reset. That ends those sessions, not the server.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error
  })
  return sink
}
