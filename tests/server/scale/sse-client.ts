import { request } from 'node:http'

export type SseEvent = { id?: string; event: string; data: string }

export type SseConnection = {
  events: SseEvent[]
  /** Resolves when the server ends the stream or the connection fails. */
  closed: Promise<void>
  close(): void
}

/**
 * A minimal EventSource over node:http for tests: collects every event with its id and
 * reconnects never (the test decides when and where to reconnect, with Last-Event-ID).
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = []
    let resolveClosed!: () => void
    const closed = new Promise<void>((done) => {
      resolveClosed = done
    })
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET ${url} answered ${res.statusCode}`))
        res.resume()
        return
      }
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = parseBlock(block)
          if (event) events.push(event)
          end = buffer.indexOf('\n\n')
        }
      })
      res.on('close', resolveClosed)
      resolve({ events, closed, close: () => req.destroy() })
    })
    req.on('error', (error) => {
      reject(error)
      resolveClosed()
    })
    req.end()
  })
}

function parseBlock(block: string): SseEvent | undefined {
  let id: string | undefined
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line.length === 0) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'id') id = value
    else if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  if (data.length === 0) return undefined
  return { ...(id === undefined ? {} : { id }), event, data: data.join('\n') }
}
