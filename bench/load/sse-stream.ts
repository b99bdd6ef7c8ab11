// One visitor's idle SSE stream, on its own socket as each visitor's browser has.
import { type ClientRequest, request } from 'node:http'
import { createSseReader, type SseEvent } from '../../kit/sse'

/** Resolves with the request once the server answered 200 (it then idles), else undefined. */
export function openStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: SseEvent) => void,
): Promise<ClientRequest | undefined> {
  return new Promise((resolve) => {
    const options = { agent: false, headers: { accept: 'text/event-stream', ...headers } }
    const req = request(url, options, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        resolve(undefined)
        return
      }
      res.setEncoding('utf8')
      const reader = createSseReader({ onEvent })
      res.on('data', (chunk: string) => reader.feed(chunk))
      // A stream closed by closeAll() or by the server ending: nothing to report.
      res.on('error', () => {})
      resolve(req)
    })
    req.on('error', () => resolve(undefined))
    req.end()
  })
}
