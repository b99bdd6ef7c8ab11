import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CustomerMessage } from '../shared/protocol/chat-channel'

/**
 * The service's side of A1/A2 on loopback: online, accepts every customer message, and
 * can hold one message unanswered (the service got it; its answer never reaches the sender).
 * The scale tests and the benches (backend, profile, tap-to-chat) use it.
 */
export type FakeUpstream = {
  channelUrl: string
  statusCalls(): number
  /** The ids of the text messages received, in order, one per request. */
  ids(): string[]
  /** The sender id of the latest customer message (who an agent would answer, A3). */
  lastSender(): string | undefined
  /** The request of message `id` gets no answer; `onHeld` is called when it arrives. */
  holdFirst(id: string, onHeld: () => void): void
  close(): Promise<void>
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let statusCalls = 0
  const ids: string[] = []
  let lastSender: string | undefined
  let hold: { id: string; onHeld: () => void } | undefined
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      if (req.method === 'GET') {
        if (req.url?.endsWith('/status')) statusCalls += 1
        res.writeHead(200, { 'content-type': 'text/plain' }).end('1')
        return
      }
      const parsed = CustomerMessage.safeParse(safeJson(body))
      const message = parsed.success ? parsed.data.message : undefined
      if (parsed.success) lastSender = String(parsed.data.sender.id)
      if (message?.type === 'text') ids.push(message.id ?? '')
      if (hold && message?.type === 'text' && message.id === hold.id) {
        const { onHeld } = hold
        hold = undefined
        onHeld()
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
    ids: () => [...ids],
    lastSender: () => lastSender,
    holdFirst: (id, onHeld) => {
      hold = { id, onHeld }
    },
    close: () =>
      new Promise((resolve) => {
        // A held request would keep the server open.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
