import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A chunk written to many streams at once (the heartbeat, a status broadcast): its text,
 * and the same bytes already framed as one HTTP/1.1 chunk (size line, data, CRLF), built
 * once and shared by every stream.
 */
export type WireFrame = { readonly text: string; readonly chunked: Buffer }

export function createWireFrame(text: string): WireFrame {
  const data = Buffer.from(text, 'utf8')
  const size = Buffer.from(`${data.length.toString(16)}\r\n`, 'latin1')
  return { text, chunked: Buffer.concat([size, data, Buffer.from('\r\n', 'latin1')]) }
}

// What Node's ServerResponse keeps to itself, read only to decide whether a direct write
// is exactly what res.write() would have sent. A Node version that renames any of it
// turns the direct path off, never on.
type ResponseInternals = { _headerSent?: unknown; outputData?: { length: number } }
type SocketInternals = { _httpMessage?: unknown }

/**
 * The socket under `res` when writing a frame's pre-framed bytes to it sends what
 * `res.write(frame.text)` would, in the same order: the head has gone out, the body is
 * chunked, nothing waits in the response's own buffer, and the socket belongs to it.
 * Undefined otherwise (then write through `res`).
 */
export function directSocket(res: ServerResponse): Socket | undefined {
  const socket = res.socket
  if (!socket || !res.chunkedEncoding || !socket.writable) return undefined
  const internals = res as unknown as ResponseInternals
  if (internals._headerSent !== true || internals.outputData?.length !== 0) return undefined
  if ((socket as unknown as SocketInternals)._httpMessage !== res) return undefined
  return socket
}

/**
 * Writes a frame to one stream. One write of a shared Buffer to the socket instead of
 * res.write's four (size, CRLF, data, CRLF, joined in a writev a tick later): a heartbeat
 * over 100,000 streams is 100,000 of these. Returns what write() returns: false means
 * wait for 'drain' (on the socket, which the response's drain listeners also hear, see
 * StreamWriter).
 */
export function writeFrame(res: ServerResponse, frame: WireFrame): boolean {
  const socket = directSocket(res)
  return socket ? socket.write(frame.chunked) : res.write(frame.text)
}
