// The service's A1 (agents online or not) for the capacity phase, with a switch: a
// status change is what every open stream must hear about at once. A2 is accepted and
// ignored (the capacity phase sends no customer messages).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StatusService = {
  channelUrl: string
  setOnline(online: boolean): void
  close(): Promise<void>
}

/** `channelId`: the last segment of the channel URL, which the webhook URL names. */
export async function startStatusService(channelId: string): Promise<StatusService> {
  let online = true
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/status'))
        res.writeHead(200, { 'content-type': 'text/plain' }).end(online ? '1' : '0')
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    channelUrl: `http://127.0.0.1:${port}/capacity-random/${channelId}`,
    setOnline: (value) => {
      online = value
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
