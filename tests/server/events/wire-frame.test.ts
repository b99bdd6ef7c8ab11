import { createServer, get, type ServerResponse } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Connection, createStreamWriter } from '../../../server/events/connection'
import { createWireFrame, directSocket, writeFrame } from '../../../server/events/wire-frame'
import { REAL_WORK } from '../../support/timeouts'

// A heartbeat or broadcast goes straight to the socket as one pre-framed chunk. What the
// client reads must be exactly what res.write would have sent, in the same order, and a
// socket filled that way must still be waited for, not dropped.

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(handler: (res: ServerResponse) => void): Promise<number> {
  const server = createServer((_req, res) => handler(res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  )
  return (server.address() as AddressInfo).port
}

/** The body as Node's own HTTP client parses it (a malformed chunk fails the request). */
function body(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => resolve(text))
      res.on('error', reject)
    }).on('error', reject)
  })
}

describe('writeFrame', () => {
  it('sends one chunk among those res.write sends, in order, within a turn and across turns', async () => {
    const direct: boolean[] = []
    const port = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(': connected\n\n')
      direct.push(directSocket(res) !== undefined)
      writeFrame(res, createWireFrame(': ping\n\n'))
      res.write('event: a\ndata: "é"\n\n')
      setImmediate(() => {
        writeFrame(res, createWireFrame('event: status\ndata: {"online":false}\n\n'))
        res.end('event: b\ndata: 2\n\n')
      })
    })
    expect(await body(port)).toBe(
      ': connected\n\n: ping\n\nevent: a\ndata: "é"\n\nevent: status\ndata: {"online":false}\n\nevent: b\ndata: 2\n\n',
    )
    expect(direct).toEqual([true])
  })

  it('writes through the response while its head has not gone out, or when it is not chunked', async () => {
    const direct: boolean[] = []
    const port = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      direct.push(directSocket(res) !== undefined)
      writeFrame(res, createWireFrame(': ping\n\n'))
      res.end()
    })
    expect(await body(port)).toBe(': ping\n\n')
    const fixedLength = await serve((res) => {
      res.writeHead(200, { 'content-length': '8' })
      res.flushHeaders()
      direct.push(directSocket(res) !== undefined)
      writeFrame(res, createWireFrame(': ping\n\n'))
      res.end()
    })
    expect(await body(fixedLength)).toBe(': ping\n\n')
    expect(direct).toEqual([false, false])
  })
})

describe('a stream whose socket a frame filled', () => {
  it('waits for the socket to drain, then takes frames again', async () => {
    const writer = createStreamWriter({
      // Far beyond the test: only the socket's drain can end the wait in time.
      drainTimeoutMs: 120_000,
      maxQueuedEvents: 1000,
      maxQueuedBytes: 1024 * 1024,
      compareIds: (a, b) => Number(a) - Number(b),
      onDropped: () => {},
    })
    let conn: Connection | undefined
    const port = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(': connected\n\n')
      conn = { res, visitorId: 'v1', ip: '127.0.0.1', busy: undefined, lastEntryId: undefined }
    })
    const client = connect(port, '127.0.0.1')
    cleanups.push(() => client.destroy())
    let received = 0
    client.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    client.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n')
    await vi.waitFor(() => expect(received).toBeGreaterThan(0), REAL_WORK)
    client.pause()
    const open = conn as unknown as Connection
    expect(directSocket(open.res)).toBeDefined()
    // The client reads nothing: frames fill the socket until one is refused.
    const big = createWireFrame(`: ${'x'.repeat(64 * 1024)}\n\n`)
    for (let i = 0; i < 2000 && !open.busy; i++) writer.offer(open, big)
    expect(open.busy).toBeDefined()
    client.resume()
    await vi.waitFor(() => expect(open.busy).toBeUndefined(), REAL_WORK)
    expect(open.res.destroyed).toBe(false)
  })
})
