import { createReadStream, type ReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { setTimeout as sleep } from 'node:timers/promises'
import { type Backoff, backoffDelay } from '../../shared/backoff'
import type { S3Config } from '../config/config'
import { refusal, S3StoreError, xmlText } from './s3-error'
import { type ListPage, parseListPage, type S3Object } from './s3-list'
import { EMPTY_SHA256, encodeKey, signS3Request } from './s3-signature'

/** What to upload: bytes in memory (records, thumbnails) or a local file, streamed from disk. */
export type S3Body =
  | { bytes: Uint8Array<ArrayBuffer>; sha256: string; type: string }
  | { path: string; size: number; sha256: string; type: string }

export type S3ClientOptions = Omit<S3Config, 'prefix'> & {
  fetch?: typeof fetch
  now?: () => number
  /** Until an answer's headers arrive (an upload gets more per MiB); default 30 s. */
  timeoutMs?: number
  /** Retries of a network failure or a 5xx; default 2. */
  retries?: number
  backoff?: Backoff
}

/**
 * The five S3 calls the attachment store needs, signed with AWS Signature V4, over
 * `fetch`. Uploads stream from disk with their length and SHA-256 (S3 checks the bytes
 * it received); downloads stream. A network failure, a timeout or a 5xx is retried with
 * backoff; a 4xx is an S3StoreError naming S3's code and what to check.
 *
 * @example const s3 = createS3Client({ endpoint, region, bucket, accessKeyId, secretAccessKey, forcePathStyle: false })
 */
export type S3Client = {
  put(key: string, body: S3Body): Promise<void>
  /** The object's bytes as a stream with their length, or undefined when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>
  /** A small object whole (a record), or undefined when there is none. */
  getBytes(key: string): Promise<Buffer | undefined>
  /** No error when absent. */
  delete(key: string): Promise<void>
  /** The objects under `prefix`, in key order, a page (up to 1000) at a time. */
  list(prefix: string): AsyncIterable<S3Object>
}

const RETRYABLE = new Set([500, 502, 503, 504])
const DEFAULT_BACKOFF: Backoff = { baseMs: 250, maxMs: 4000, jitter: 0.2 }
/** An upload may take this long per MiB on top of timeoutMs (0.5 MiB/s at the slowest). */
const UPLOAD_MS_PER_MIB = 2000

type Call = {
  what: string
  method: 'GET' | 'PUT' | 'DELETE'
  key?: string
  query?: Record<string, string>
  body?: S3Body
}

export function createS3Client(options: S3ClientOptions): S3Client {
  const doFetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 30_000
  const retries = options.retries ?? 2
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
  }
  const endpoint = new URL(options.endpoint)

  function urlOf(key: string | undefined, query: Record<string, string> = {}): URL {
    const path = key === undefined ? '' : `/${encodeKey(key)}`
    const url = options.forcePathStyle
      ? new URL(`${endpoint.origin}/${options.bucket}${path}`)
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}${path || '/'}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }

  // One attempt: the answer with its body read, or (`stream`) once its headers are in.
  async function attempt(call: Call, stream: boolean): Promise<Answer> {
    const url = urlOf(call.key, call.query)
    const body = call.body
    const headers: Record<string, string> = {}
    let payload: RequestInit['body'] | undefined
    let file: FileBody | undefined
    let limitMs = timeoutMs
    if (body) {
      headers['content-type'] = body.type
      if ('bytes' in body) {
        headers['content-length'] = String(body.bytes.byteLength)
        payload = body.bytes
      } else {
        headers['content-length'] = String(body.size)
        file = fileBody(body.path)
        payload = file.stream
        limitMs += Math.ceil(body.size / 1_048_576) * UPLOAD_MS_PER_MIB
      }
    }
    const signed = await signS3Request({
      method: call.method,
      url,
      headers,
      payloadHash: body?.sha256 ?? EMPTY_SHA256,
      credentials,
      region: options.region,
      now: now(),
    })
    // `host` is the URL's: fetch sets it itself.
    const { host: _host, ...sent } = signed
    const abort = new AbortController()
    const timer = setTimeout(
      () =>
        abort.abort(new S3StoreError('s3_unreachable', `S3 did not answer ${call.what} in time`)),
      limitMs,
    )
    const init: RequestInit & { duplex?: 'half' } = {
      method: call.method,
      headers: sent,
      signal: abort.signal,
    }
    if (payload !== undefined) {
      init.body = payload
      init.duplex = 'half'
    }
    try {
      const res = await doFetch(url, init)
      // A download takes as long as its reader: the limit is on the answer's start.
      if (stream && res.status === 200) return { res, bytes: Buffer.alloc(0) }
      return { res, bytes: Buffer.from(await res.arrayBuffer()) }
    } finally {
      clearTimeout(timer)
      // Whatever became of the request (refused early, failed), the file is closed.
      file?.close()
    }
  }

  // The retries are this loop's, not aws4fetch's AwsClient.fetch: that one sends the same
  // body again (a streamed upload's is spent after the first attempt), retries only a 5xx
  // or 429 answer (a network failure or a timeout throws at once) and calls the global
  // fetch (the tests inject theirs). Here each attempt reopens the file, is signed anew
  // and has its own deadline.
  async function send(call: Call, stream = false): Promise<Answer> {
    for (let n = 0; ; n += 1) {
      try {
        const answer = await attempt(call, stream)
        if (!RETRYABLE.has(answer.res.status) || n >= retries) return answer
      } catch (error) {
        if (n >= retries) {
          throw error instanceof S3StoreError
            ? error
            : new S3StoreError('s3_unreachable', `S3 cannot be reached for ${call.what}`, {
                cause: error,
              })
        }
      }
      await sleep(backoffDelay(n, backoff))
    }
  }

  function refused(call: Call, { res, bytes }: Answer): S3StoreError {
    return refusal(
      call.what,
      res.status,
      bytes.toString('utf8'),
      res.headers.get('x-amz-request-id') ?? undefined,
    )
  }

  async function listPage(prefix: string, token: string | undefined): Promise<ListPage> {
    const query: Record<string, string> = { 'list-type': '2', prefix }
    if (token !== undefined) query['continuation-token'] = token
    const call: Call = { what: `the listing of ${prefix || 'the bucket'}`, method: 'GET', query }
    const answer = await send(call)
    if (answer.res.status !== 200) throw refused(call, answer)
    return parseListPage(answer.bytes.toString('utf8'))
  }

  return {
    async put(key, body) {
      const call: Call = { what: `the upload of ${key}`, method: 'PUT', key, body }
      const answer = await send(call)
      if (answer.res.status !== 200) throw refused(call, answer)
    },
    async get(key) {
      const call: Call = { what: `the download of ${key}`, method: 'GET', key }
      const answer = await send(call, true)
      const { res } = answer
      if (isMissing(answer)) return undefined
      if (res.status !== 200 || !res.body) throw refused(call, answer)
      const size = Number(res.headers.get('content-length') ?? Number.NaN)
      if (!Number.isSafeInteger(size) || size < 0) {
        await res.body.cancel()
        throw new S3StoreError('s3_bad_answer', `S3 sent ${key} without its length`)
      }
      return { stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size }
    },
    async getBytes(key) {
      const call: Call = { what: `the download of ${key}`, method: 'GET', key }
      const answer = await send(call)
      if (isMissing(answer)) return undefined
      if (answer.res.status !== 200) throw refused(call, answer)
      return answer.bytes
    },
    async delete(key) {
      const call: Call = { what: `the deletion of ${key}`, method: 'DELETE', key }
      const answer = await send(call)
      if (answer.res.status !== 200 && answer.res.status !== 204 && !isMissing(answer))
        throw refused(call, answer)
    },
    async *list(prefix) {
      let token: string | undefined
      do {
        const page = await listPage(prefix, token)
        yield* page.objects
        token = page.next
      } while (token !== undefined)
    },
  }
}

/** An answer: a streamed download's body is still in `res`; every other body is in `bytes`. */
type Answer = { res: Response; bytes: Buffer }

// No such key (not: no such bucket, which is a misconfiguration).
function isMissing({ res, bytes }: Answer): boolean {
  if (res.status !== 404) return false
  const code = xmlText(bytes.toString('utf8'), 'Code')
  return code === undefined || code === 'NoSuchKey'
}

type FileBody = { stream: ReadableStream<Uint8Array>; close(): void }

// Opened on the first pull (a request that fails before sending opens nothing) and
// pulled a chunk at a time as the socket takes them: the file is never read ahead.
function fileBody(path: string): FileBody {
  let file: ReadStream | undefined
  // A ReadStream yields Buffers (Uint8Arrays over their own ArrayBuffer).
  let chunks: AsyncIterator<Uint8Array<ArrayBuffer>> | undefined
  const close = () => {
    file?.destroy()
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        file ??= createReadStream(path)
        chunks ??= file[Symbol.asyncIterator]()
        const { value, done } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  )
  return { stream, close }
}
