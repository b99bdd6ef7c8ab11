import type { IncomingMessage } from 'node:http'
import { BodyError } from './body-error'
import { decodeUtf8, parseJsonText } from './decode-body'

// The one way Porthole reads a request body, for the widget API, the A3 webhook and
// the bot's B2 endpoint alike: at most `maxBytes` (Content-Length or chunked), UTF-8
// decoded with fatal errors, JSON parsed. Every failure is a BodyError with a code.

/**
 * The body's bytes, up to `maxBytes`. Under the Node server (`incoming` given) it reads
 * the IncomingMessage itself: wrapping it in a web ReadableStream costs more than the
 * rest of a webhook. Elsewhere (tests' `app.request`, a bare fetch handler) it reads
 * the Request's stream (none: an empty body). BodyError `payload_too_large` as soon as the limit is passed,
 * declared or while streaming; nothing more is buffered.
 */
export function readBodyBytes(
  request: Request | undefined,
  incoming: IncomingMessage | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  const declared = Number(
    (incoming ? incoming.headers['content-length'] : request?.headers.get('content-length')) ?? '0',
  )
  if (declared > maxBytes) return Promise.reject(tooLarge(maxBytes))
  return incoming ? readIncoming(incoming, maxBytes) : readStream(request, maxBytes)
}

/** The body as text (UTF-8, fatal). */
export async function readBodyText(
  request: Request | undefined,
  incoming: IncomingMessage | undefined,
  maxBytes: number,
): Promise<string> {
  return decodeUtf8(await readBodyBytes(request, incoming, maxBytes))
}

/** The body as a JSON value; BodyError `empty_body` / `invalid_json` besides the others. */
export async function readJsonBody(
  request: Request | undefined,
  incoming: IncomingMessage | undefined,
  maxBytes: number,
): Promise<unknown> {
  return parseJsonText(await readBodyText(request, incoming, maxBytes))
}

function tooLarge(maxBytes: number): BodyError {
  return new BodyError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`)
}

function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  if (incoming.readableEnded) {
    return Promise.reject(new Error('readBodyBytes: the request body was already read'))
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
      if (size > maxBytes) {
        // Stop buffering; the Node server drains (or drops) the rest after the reply.
        stop()
        incoming.pause()
        reject(tooLarge(maxBytes))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      // A body that came in one chunk (most do) is that chunk: no copy.
      resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(
        new Error('readBodyBytes: the client closed the connection before the body was complete'),
      )
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
    incoming.on('close', onClose)
  })
}

async function readStream(request: Request | undefined, maxBytes: number): Promise<Uint8Array> {
  if (!request?.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}
