import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** The integrator's answer: status and up to MAX_RESPONSE_BYTES of body. */
export type RawResponse = { status: number; body: string }

export type PostRawOptions = {
  /** true: Transfer-Encoding chunked, the body written in several chunks; false: Content-Length. */
  chunked: boolean
  /** Give up when the integrator stays silent this long. */
  timeoutMs: number
}

const MAX_RESPONSE_BYTES = 64 * 1024
/** A chunked body goes out in this many chunks (fewer only when it is shorter). */
const CHUNK_COUNT = 3

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : ''
  return `${error.message}${code}`
}

function splitIntoChunks(body: Buffer): Buffer[] {
  const size = Math.max(1, Math.ceil(body.length / CHUNK_COUNT))
  const chunks: Buffer[] = []
  for (let start = 0; start < body.length; start += size)
    chunks.push(body.subarray(start, start + size))
  return chunks
}

/**
 * POSTs a JSON body with node:http(s), so the framing is exactly what the channel is set
 * to: each write of a chunked request is its own chunk on the wire.
 */
export function postRaw(url: string, json: string, options: PostRawOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const body = Buffer.from(json, 'utf8')
    const headers: Record<string, string | number> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'porthole-sandbox',
    }
    if (options.chunked) headers['transfer-encoding'] = 'chunked'
    else headers['content-length'] = body.length
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(target, { method: 'POST', headers }, (res) => {
      const parts: Buffer[] = []
      let size = 0
      res.on('data', (part: Buffer) => {
        size += part.length
        if (size <= MAX_RESPONSE_BYTES) parts.push(part)
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
      )
      res.on('error', (error) => reject(new Error(describeNetworkError(error))))
    })
    req.setTimeout(options.timeoutMs, () => {
      req.destroy(new Error(`no answer within ${options.timeoutMs} ms`))
    })
    req.on('error', (error) => reject(new Error(describeNetworkError(error))))
    if (options.chunked) {
      for (const chunk of splitIntoChunks(body)) req.write(chunk)
      req.end()
    } else {
      req.end(body)
    }
  })
}
