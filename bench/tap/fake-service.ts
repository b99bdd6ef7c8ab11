// The conversation service's side of A1 and A2 for the tap-to-chat rows: online, and
// answering every customer message at once; it remembers who wrote, so the bench can
// answer them as an agent (A3).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CustomerMessage } from '../../shared/protocol/chat-channel'

export type TapService = {
  channelUrl: string
  /** The sender id of the latest customer message. */
  lastSender(): string | undefined
  close(): Promise<void>
}

export async function startTapService(): Promise<TapService> {
  let lastSender: string | undefined
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('1')
        return
      }
      const parsed = CustomerMessage.safeParse(parseJson(body))
      if (parsed.success) lastSender = String(parsed.data.sender.id)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    channelUrl: `http://127.0.0.1:${port}/tap-random/tap-channel`,
    lastSender: () => lastSender,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
