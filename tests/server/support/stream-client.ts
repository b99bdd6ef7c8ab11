import { connect, type Socket } from 'node:net'
import { SessionResponse } from '../../../shared/widget-api'

// The client side of the capacity budget tests: sessions from the backend's own API and
// idle streams on raw sockets (no parser per stream; the tests count the server's side).

/** `count` visitor tokens, 50 sessions at a time. */
export async function sessions(url: URL, count: number): Promise<string[]> {
  const tokens: string[] = []
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const response = await fetch(new URL('/api/session', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        return SessionResponse.parse(await response.json()).token
      }),
    )
    tokens.push(...batch)
  }
  return tokens
}

/**
 * Opens a stream; resolves once it answered its status line (the hub holds it from then
 * on). The socket goes into `sockets`, for the caller to destroy.
 */
export function openStream(url: URL, token: string, sockets: Socket[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(
        `GET /api/events HTTP/1.1\r\nhost: ${url.host}\r\naccept: text/event-stream\r\nauthorization: Bearer ${token}\r\n\r\n`,
      ),
    )
    sockets.push(socket)
    socket.once('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 200')) resolve()
      else reject(new Error(`the stream was refused: ${chunk.toString('latin1').slice(0, 200)}`))
    })
    socket.once('error', reject)
  })
}
