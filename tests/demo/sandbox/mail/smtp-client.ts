import { connect } from 'node:net'

/**
 * Sends one message over SMTP the plain way (EHLO, MAIL, RCPT, DATA, QUIT) and
 * resolves with the server's replies: enough to test the sandbox's server without a
 * mail library.
 */
export function sendSmtp(
  port: number,
  envelope: { from: string; to: string; login?: [user: string, password: string] },
  raw: string,
): Promise<string[]> {
  const { login } = envelope
  const commands = [
    'EHLO test.example',
    ...(login
      ? [`AUTH PLAIN ${Buffer.from(`\0${login[0]}\0${login[1]}`).toString('base64')}`]
      : []),
    `MAIL FROM:<${envelope.from}>`,
    `RCPT TO:<${envelope.to}>`,
    'DATA',
    `${raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`,
    'QUIT',
  ]
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const replies: string[] = []
    let buffer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      // A reply is complete at a line "NNN text" (not "NNN-text", a continued one).
      for (;;) {
        const end = buffer.search(/^\d{3} .*\r\n/m)
        if (end < 0) break
        const lineEnd = buffer.indexOf('\r\n', end)
        replies.push(buffer.slice(0, lineEnd))
        buffer = buffer.slice(lineEnd + 2)
        const next = commands.shift()
        if (next === undefined) socket.end()
        else socket.write(`${next}\r\n`)
      }
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(replies))
  })
}
