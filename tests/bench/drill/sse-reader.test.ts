import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { openReader } from '../../../bench/drill/sse-reader'

// The drill's reader: slow on purpose, and resuming like EventSource. A server holding
// 3,000 entries sends a page of 500 per connection and ends the stream; the reader must
// reconnect with Last-Event-ID and get every entry once, in order.

const TOTAL = 3000
let server: Server | undefined
const seenLastIds: (string | undefined)[] = []

function entry(i: number): string {
  const data = JSON.stringify({
    id: String(i),
    author: 'agent',
    content: { type: 'text', id: `m${i}`, text: `entry ${i} ${'x'.repeat(200)}` },
    at: 1,
  })
  return `id: ${i}\nevent: message\ndata: ${data}\n\n`
}

async function startServer(): Promise<string> {
  server = createServer((req, res) => {
    const last = req.headers['last-event-id']
    seenLastIds.push(typeof last === 'string' ? last : undefined)
    if (req.headers.authorization !== 'Bearer secret-token') {
      res.writeHead(401).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const from = typeof last === 'string' ? Number(last) + 1 : 0
    let i = from
    const writeMore = () => {
      while (i < Math.min(TOTAL, from + 500)) {
        const ok = res.write(entry(i))
        i += 1
        if (!ok) return void res.once('drain', writeMore)
      }
      res.end(': page over\n\n')
    }
    writeMore()
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
  seenLastIds.length = 0
})

describe('openReader', () => {
  it('reads 3,000 entries throttled, over several connections, once each and in order', async () => {
    const base = await startServer()
    const reader = openReader({
      base,
      token: 'secret-token',
      bytesPerTick: 16_384,
      tickMs: 5,
      reconnectMs: 10,
    })
    const done = await reader.until(() => reader.entries.length >= TOTAL, 20_000)
    reader.close()
    expect(done).toBe(true)
    expect(reader.entries.map((e) => e.id)).toEqual(
      Array.from({ length: TOTAL }, (_, i) => String(i)),
    )
    expect(reader.connections()).toBeGreaterThanOrEqual(6)
    expect(seenLastIds.slice(0, 3)).toEqual([undefined, '499', '999'])
    expect(reader.lastEventId()).toBe(String(TOTAL - 1))
  })

  it('starts from the given Last-Event-ID and reports a refused connection', async () => {
    const base = await startServer()
    const reader = openReader({ base, token: 'secret-token', lastEventId: '2989', reconnectMs: 10 })
    await reader.until(() => reader.entries.length >= 10, 5000)
    reader.close()
    expect(reader.entries.map((e) => e.id)[0]).toBe('2990')
    const refused = openReader({ base, token: 'wrong', reconnectMs: 10 })
    await refused.until(() => refused.lastError() !== undefined, 5000)
    refused.close()
    expect(refused.lastError()).toMatch(/HTTP 401/)
    expect(refused.entries).toEqual([])
  })
})
