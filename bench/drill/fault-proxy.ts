import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { HOST } from './net'

// A loopback TCP proxy in front of the service's channel endpoint (A1/A2): the drill
// switches it to make the service "down" (connections refused) or answer 503, then
// back up. The service itself is never touched.

export const PROXY_MODES = ['up', 'down', '503'] as const
export type ProxyMode = (typeof PROXY_MODES)[number]

export type FaultProxy = {
  port: number
  mode(): ProxyMode
  /** Switches the mode; open connections are cut so the next request sees it at once. */
  set(mode: ProxyMode): Promise<void>
  /** Requests answered 503 so far. */
  refused503(): number
  close(): Promise<void>
}

const RESPONSE_503 =
  'HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 25\r\nconnection: close\r\n\r\nservice unavailable drill'

/** Byte length of a complete HTTP/1.1 request at the start of `buffer`, or -1 if it is not whole yet. */
export function completeRequestLength(buffer: Buffer): number {
  const headerEnd = buffer.indexOf('\r\n\r\n')
  if (headerEnd === -1) return -1
  const head = buffer.subarray(0, headerEnd).toString('latin1')
  const bodyStart = headerEnd + 4
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    const end = buffer.indexOf('\r\n0\r\n\r\n', bodyStart - 2)
    return end === -1 ? -1 : end + 7
  }
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  const total = bodyStart + (length ? Number(length[1]) : 0)
  return buffer.length >= total ? total : -1
}

export async function startFaultProxy(targetPort: number, port = 0): Promise<FaultProxy> {
  let mode: ProxyMode = 'up'
  let answered503 = 0
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }

  function forward(client: Socket) {
    const upstream = createConnection({ host: HOST, port: targetPort })
    track(upstream)
    client.pipe(upstream).pipe(client)
    const cut = () => {
      client.destroy()
      upstream.destroy()
    }
    client.once('error', cut).once('close', cut)
    upstream.once('error', cut).once('close', cut)
  }

  function answer503(client: Socket) {
    let buffer = Buffer.alloc(0)
    client.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      if (completeRequestLength(buffer) === -1) return
      answered503 += 1
      client.end(RESPONSE_503)
      client.removeAllListeners('data')
    })
    client.on('error', () => client.destroy())
  }

  const listen = (server: Server, onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(onPort, HOST, () => {
        server.off('error', reject)
        const address = server.address()
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('fault proxy: no TCP port'))
      })
    })

  const newServer = () =>
    createServer((client) => {
      track(client)
      if (mode === '503') answer503(client)
      else forward(client)
    })
  let server: Server | undefined = newServer()
  const boundPort = await listen(server, port)

  const closeServer = async () => {
    const current = server
    server = undefined
    for (const socket of sockets) socket.destroy()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }

  return {
    port: boundPort,
    mode: () => mode,
    refused503: () => answered503,
    async set(next) {
      if (next === mode) return
      mode = next
      if (next === 'down') {
        // Nobody listens on the port: connecting is refused (ECONNREFUSED).
        await closeServer()
        return
      }
      for (const socket of sockets) socket.destroy()
      if (!server) {
        server = newServer()
        await listen(server, boundPort)
      }
    },
    close: closeServer,
  }
}
