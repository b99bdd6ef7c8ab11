import { request } from 'node:http'

export type SseEvent = { id?: string; event: string; data: string }

/** A raw SSE client over node:http, recording every event (and comments) it reads. */
export function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = []
  const comments: string[] = []
  let status = 0
  let responseHeaders: Record<string, string | string[] | undefined> = {}
  let buffer = ''
  let ended = false
  let retry: number | undefined
  const req = request(url, { headers: { accept: 'text/event-stream', ...headers } })
  const ready = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0
      responseHeaders = res.headers
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event: SseEvent = { event: 'message', data: '' }
          let hasData = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('id: ')) event.id = line.slice(4)
            else if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('data: ')) {
              event.data = line.slice(6)
              hasData = true
            } else if (line.startsWith('retry: ')) retry = Number(line.slice(7))
          }
          if (hasData) events.push(event)
          end = buffer.indexOf('\n\n')
        }
      })
      res.on('end', () => {
        ended = true
      })
      res.on('close', () => {
        ended = true
      })
      resolve()
    })
    req.on('error', (error) => {
      ended = true
      reject(error)
    })
  })
  req.end()
  return {
    ready,
    events,
    comments,
    get status() {
      return status
    },
    get headers() {
      return responseHeaders
    },
    get ended() {
      return ended
    },
    get retry() {
      return retry
    },
    /** Data of the `message` events, parsed. */
    messages: () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data)),
    close: () => req.destroy(),
  }
}
export type SseConnection = ReturnType<typeof openSse>
