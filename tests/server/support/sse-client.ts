import { request } from 'node:http'
import { createSseReader, type SseEvent } from '../../../kit/sse'

export type { SseEvent }

/** A raw SSE client over node:http, recording every event (and comments) it reads. */
export function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = []
  const comments: string[] = []
  let status = 0
  let responseHeaders: Record<string, string | string[] | undefined> = {}
  let ended = false
  let retry: number | undefined
  const req = request(url, { headers: { accept: 'text/event-stream', ...headers } })
  const ready = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0
      responseHeaders = res.headers
      res.setEncoding('utf8')
      const reader = createSseReader({
        onEvent: (event) => events.push(event),
        onComment: (comment) => comments.push(comment.trim()),
        onRetry: (ms) => {
          retry = ms
        },
      })
      res.on('data', (chunk: string) => reader.feed(chunk))
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
