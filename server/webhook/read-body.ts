import type { IncomingMessage } from 'node:http'

// One decoder for every body: like the fetch API, it drops a leading BOM and turns
// invalid UTF-8 into U+FFFD.
const utf8 = new TextDecoder('utf-8')

/**
 * Reads a request body (Content-Length or chunked) up to `max` bytes; undefined when
 * it is larger. Under the Node server it reads the IncomingMessage itself: wrapping it
 * in a web ReadableStream costs more than the rest of a webhook. Elsewhere (tests'
 * `app.request`) it reads the fetch Request's stream.
 */
export function readBody(
  request: Request,
  incoming: IncomingMessage | undefined,
  max: number,
): Promise<string | undefined> {
  return incoming ? readIncoming(incoming, max) : readStream(request, max)
}

function readIncoming(incoming: IncomingMessage, max: number): Promise<string | undefined> {
  if (incoming.readableEnded) {
    return Promise.reject(new Error('readBody: the request body was already read'))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      incoming.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > max) {
        // Stop buffering; the Node server drains (or drops) the rest after the reply.
        stop()
        incoming.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(utf8.decode(Buffer.concat(chunks, size)))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(new Error('readBody: the client closed the connection before the body was complete'))
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
    incoming.on('close', onClose)
  })
}

async function readStream(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return utf8.decode(Buffer.concat(chunks))
}
