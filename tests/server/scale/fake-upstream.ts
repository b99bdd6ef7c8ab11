import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The service's side of A1/A2 on loopback: online, accepts every customer message. */
export type FakeUpstream = { channelUrl: string; statusCalls(): number; close(): Promise<void> }

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let statusCalls = 0
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/status')) {
        statusCalls += 1
        res.writeHead(200, { 'content-type': 'text/plain' }).end('1')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    channelUrl: `http://127.0.0.1:${port}/fake-random/fake-channel`,
    statusCalls: () => statusCalls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
