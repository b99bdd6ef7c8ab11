// The baseline: the least a node:http server can do for the same job — hold each
// visitor's SSE stream, and write an agent message posted to /hooks/... to the
// recipient's streams. No store, no validation beyond JSON.parse, no auth.
import { createServer } from 'node:http'

const streams = new Map()
let sequence = 0

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url.startsWith('/events')) {
    const visitor = new URL(req.url, 'http://x').searchParams.get('visitor') ?? ''
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    })
    res.write('retry: 3000\n: connected\n\n')
    let set = streams.get(visitor)
    if (!set) {
      set = new Set()
      streams.set(visitor, set)
    }
    set.add(res)
    res.on('close', () => {
      set.delete(res)
      if (set.size === 0) streams.delete(visitor)
    })
    return
  }
  if (req.method === 'POST' && req.url.startsWith('/hooks/')) {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      let body
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        res.writeHead(400).end()
        return
      }
      sequence += 1
      const entry = { id: String(sequence), author: 'agent', content: body.message, at: Date.now() }
      const chunk = `id: ${entry.id}\nevent: message\ndata: ${JSON.stringify(entry)}\n\n`
      for (const stream of streams.get(String(body.recipient?.id)) ?? []) stream.write(chunk)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"ok"}')
    })
    return
  }
  res.writeHead(404).end()
})

// One heartbeat timer for every stream, like Porthole's (HEARTBEAT_SECONDS, 25 by default).
setInterval(
  () => {
    for (const set of streams.values()) for (const stream of set) stream.write(': ping\n\n')
  },
  Number(process.env.HEARTBEAT_SECONDS ?? 25) * 1000,
).unref()

server.listen(0, '127.0.0.1', () => {
  process.stderr.write(`raw SSE baseline listening on http://127.0.0.1:${server.address().port}\n`)
})
process.on('SIGTERM', () => {
  for (const set of streams.values()) for (const stream of set) stream.destroy()
  server.close(() => process.exit(0))
})
