// One visitor's idle SSE stream, on its own socket as each visitor's browser has.
import { type ClientRequest, request } from 'node:http'

/** Resolves with the request once the server answered 200 (it then idles), else undefined. */
export function openStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (block: string) => void,
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
      let buffer = ''
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          onEvent(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
      })
      // A stream closed by closeAll() or by the server ending: nothing to report.
      res.on('error', () => {})
      resolve(req)
    })
    req.on('error', () => resolve(undefined))
    req.end()
  })
}
