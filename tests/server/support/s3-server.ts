import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Config } from '../../../server/config/config'

// A minimal S3 emulation on loopback for tests: PutObject, GetObject, HeadObject,
// DeleteObject and ListObjectsV2, path-style or virtual-hosted. Every request must carry
// a valid AWS Signature V4 (checked here with code of its own, not the client's, so a
// signing bug fails the test), and an upload's bytes must match its signed SHA-256 and
// Content-Length. Objects are files in a temporary folder, visible only once complete.
// (s3rver, the npm emulation, accepts any V4 signature unchecked.)

export type S3Object = { size: number; lastModified: number; type: string; path: string }

export type S3Emulator = {
  /** http://127.0.0.1:port */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Every object, by key. */
  objects: Map<string, S3Object>
  /** Every request answered: method, key ('' for the bucket) and status. */
  requests: { method: string; key: string; status: number }[]
  /** Upload body bytes read from sockets so far. */
  bytesReceived(): number
  /** The next `count` requests (those `match` picks) are answered `status` (503 by default) unread. */
  failNext(count: number, status?: number, match?: (method: string, key: string) => boolean): void
  /** Stops reading upload bodies (a slow service) until resumeUploads(). */
  pauseUploads(): void
  resumeUploads(): void
  /** The listing page size (1000, as S3). */
  maxKeys: number
  bytesOf(key: string): Promise<Buffer>
  /** Stores an object directly (no request), e.g. one a crash left behind. */
  seed(key: string, bytes: string | Uint8Array, lastModified?: number): Promise<void>
  close(): Promise<void>
}

export type S3EmulatorOptions = {
  bucket?: string
  region?: string
  accessKeyId?: string
  secretAccessKey?: string
  now?: () => number
}

/** The emulated bucket as the server is configured for it: path-style, keys under `prefix`. */
export function s3ConfigOf(s3: S3Emulator, prefix: string): S3Config {
  return {
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix,
  }
}

const SKEW_MS = 15 * 60_000

export async function startS3Emulator(options: S3EmulatorOptions = {}): Promise<S3Emulator> {
  const bucket = options.bucket ?? 'porthole-test'
  const region = options.region ?? 'eu-test-1'
  const accessKeyId = options.accessKeyId ?? 'AKIDPORTHOLETEST'
  const secretAccessKey = options.secretAccessKey ?? 'porthole/test+secret/0123456789abcdef'
  const now = options.now ?? Date.now
  const dir = await mkdtemp(join(tmpdir(), 'porthole-s3-'))
  const objects = new Map<string, S3Object>()
  const requests: S3Emulator['requests'] = []
  let received = 0
  type Failures = { count: number; status: number; match: (method: string, key: string) => boolean }
  let failures: Failures = { count: 0, status: 503, match: () => true }
  let paused = false
  const waiting = new Set<() => void>()

  function reply(
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      'x-amz-request-id': randomUUID(),
      'content-length': String(Buffer.byteLength(body)),
      ...(body ? { 'content-type': 'application/xml' } : {}),
      ...headers,
    })
    res.end(body)
  }
  function error(res: ServerResponse, status: number, code: string, message: string) {
    reply(
      res,
      status,
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>emulated</RequestId></Error>`,
    )
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const raw = new URL(req.url ?? '/', 'http://emulator')
    const host = req.headers.host ?? ''
    const virtual = host.startsWith(`${bucket}.`)
    const segments = raw.pathname.split('/').slice(1)
    const named = virtual ? bucket : decodeURIComponent(segments.shift() ?? '')
    const key = segments.map((s) => decodeURIComponent(s)).join('/')
    if (failures.count > 0 && failures.match(req.method ?? '', key)) {
      failures = { ...failures, count: failures.count - 1 }
      req.resume()
      error(res, failures.status, 'SlowDown', 'Please reduce your request rate.')
      return failures.status
    }
    const denied = verifySignature(req, raw)
    if (denied) {
      req.resume()
      error(res, 403, denied.code, denied.message)
      return 403
    }
    if (named !== bucket) {
      req.resume()
      error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
      return 404
    }
    const method = req.method ?? 'GET'
    if (key === '' && method === 'GET') return list(raw.searchParams, res)
    if (key === '') {
      error(res, 405, 'MethodNotAllowed', 'Not emulated')
      return 405
    }
    if (method === 'PUT') return put(req, res, key)
    const object = objects.get(key)
    if (method === 'DELETE') {
      if (object) {
        objects.delete(key)
        await rm(object.path, { force: true })
      }
      reply(res, 204, '')
      return 204
    }
    if (method !== 'GET' && method !== 'HEAD') {
      error(res, 405, 'MethodNotAllowed', 'Not emulated')
      return 405
    }
    if (!object) {
      error(res, 404, 'NoSuchKey', 'The specified key does not exist.')
      return 404
    }
    res.writeHead(200, {
      'content-length': String(object.size),
      'content-type': object.type,
      'last-modified': new Date(object.lastModified).toUTCString(),
    })
    if (method === 'HEAD') res.end()
    else createReadStream(object.path).pipe(res)
    return 200
  }

  async function put(req: IncomingMessage, res: ServerResponse, key: string): Promise<number> {
    const declared = req.headers['content-length']
    if (declared === undefined || !/^\d+$/.test(declared)) {
      req.resume()
      error(res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.')
      return 411
    }
    const path = join(dir, randomUUID())
    const file = createWriteStream(path)
    const hash = createHash('sha256')
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      while (paused) await new Promise<void>((resume) => waiting.add(resume))
      size += chunk.byteLength
      received += chunk.byteLength
      hash.update(chunk)
      if (!file.write(chunk))
        await new Promise<void>((drained) => file.once('drain', () => drained()))
    }
    await new Promise<void>((closed) => file.end(() => closed()))
    const expected = String(req.headers['x-amz-content-sha256'])
    const actual = hash.digest('hex')
    if (size !== Number(declared)) {
      await rm(path, { force: true })
      error(res, 400, 'IncompleteBody', 'The request body ended before Content-Length.')
      return 400
    }
    if (expected !== 'UNSIGNED-PAYLOAD' && expected !== actual) {
      await rm(path, { force: true })
      error(
        res,
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 does not match.',
      )
      return 400
    }
    const stored = join(dir, `object-${randomUUID()}`)
    await rename(path, stored)
    const previous = objects.get(key)
    objects.set(key, {
      size,
      lastModified: now(),
      type: String(req.headers['content-type'] ?? 'binary/octet-stream'),
      path: stored,
    })
    if (previous) await rm(previous.path, { force: true })
    reply(res, 200, '', { etag: `"${actual.slice(0, 32)}"` })
    return 200
  }

  function list(params: URLSearchParams, res: ServerResponse): number {
    if (params.get('list-type') !== '2') {
      error(res, 400, 'InvalidArgument', 'Only ListObjectsV2 is emulated')
      return 400
    }
    const prefix = params.get('prefix') ?? ''
    const token = params.get('continuation-token')
    const after = token === null ? (params.get('start-after') ?? '') : fromToken(token)
    const limit = Math.min(emulator.maxKeys, Number(params.get('max-keys') ?? 1000))
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort()
    const page = keys.slice(0, limit)
    const truncated = keys.length > page.length
    const contents = page
      .map((k) => {
        const object = objects.get(k) as S3Object
        return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${new Date(object.lastModified).toISOString()}</LastModified><ETag>&quot;x&quot;</ETag><Size>${object.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      })
      .join('')
    const next = truncated
      ? `<NextContinuationToken>${toToken(page.at(-1) ?? '')}</NextContinuationToken>`
      : ''
    reply(
      res,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${limit}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    )
    return 200
  }

  function verifySignature(
    req: IncomingMessage,
    url: URL,
  ): { code: string; message: string } | undefined {
    const header = req.headers.authorization ?? ''
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        header,
      )
    if (!match) return { code: 'AccessDenied', message: 'Anonymous or malformed authorization' }
    const [, keyId, day, scopeRegion, signedList = '', signature = ''] = match
    if (keyId !== accessKeyId)
      return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id does not exist.' }
    if (scopeRegion !== region)
      return {
        code: 'AuthorizationHeaderMalformed',
        message: `the region '${scopeRegion}' is wrong; expecting '${region}'`,
      }
    const amzDate = String(req.headers['x-amz-date'] ?? '')
    const signed = signedList.split(';')
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!signed.includes(required))
        return { code: 'AccessDenied', message: `${required} must be signed` }
    if (!amzDate.startsWith(day ?? '-'))
      return { code: 'SignatureDoesNotMatch', message: 'the scope date is not the request date' }
    const at = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    )
    if (Number.isNaN(at) || Math.abs(at - now()) > SKEW_MS)
      return {
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      }
    const canonical = [
      req.method,
      url.pathname
        .split('/')
        .map((s) => strictEncode(decodeURIComponent(s)))
        .join('/'),
      rawQuery(url.search)
        .map(([n, v]) => `${strictEncode(n)}=${strictEncode(v)}`)
        .sort()
        .join('&'),
      signed.map((name) => `${name}:${headerValue(req, name)}\n`).join(''),
      signedList,
      String(req.headers['x-amz-content-sha256']),
    ].join('\n')
    const scope = `${day}/${region}/s3/aws4_request`
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`
    let key: Buffer = Buffer.from(`AWS4${secretAccessKey}`)
    for (const part of [day ?? '', region, 's3', 'aws4_request'])
      key = createHmac('sha256', key).update(part).digest()
    const expected = createHmac('sha256', key).update(toSign).digest()
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return {
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      }
    return undefined
  }

  const server = createServer((req, res) => {
    handle(req, res).then(
      (status) => {
        const key = new URL(req.url ?? '/', 'http://e').pathname
        requests.push({ method: req.method ?? '', key: decodeURIComponent(key), status })
      },
      (failure: unknown) => {
        if (!res.headersSent) error(res, 500, 'InternalError', String(failure))
        else res.destroy()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const emulator: S3Emulator = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    maxKeys: 1000,
    bytesReceived: () => received,
    failNext(count, status = 503, match = () => true) {
      failures = { count, status, match }
    },
    pauseUploads() {
      paused = true
    },
    resumeUploads() {
      paused = false
      for (const resume of waiting) resume()
      waiting.clear()
    },
    async bytesOf(key) {
      const object = objects.get(key)
      if (!object) throw new Error(`no object ${key}`)
      const chunks: Buffer[] = []
      for await (const chunk of createReadStream(object.path)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
    async seed(key, bytes, lastModified = now()) {
      const path = join(dir, `object-${randomUUID()}`)
      await writeFile(path, bytes)
      objects.set(key, {
        size: Buffer.byteLength(bytes),
        lastModified,
        type: 'binary/octet-stream',
        path,
      })
    },
    async close() {
      emulator.resumeUploads()
      server.closeAllConnections()
      await new Promise((closed) => server.close(closed))
      await rm(dir, { recursive: true, force: true })
    },
  }
  return emulator
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name]
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')
}

// The query exactly as sent ('+' is a plus, not a space, in SigV4).
function rawQuery(search: string): [string, string][] {
  if (search.length <= 1) return []
  return search
    .slice(1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=')
      const name = at < 0 ? pair : pair.slice(0, at)
      const value = at < 0 ? '' : pair.slice(at + 1)
      return [decodeURIComponent(name), decodeURIComponent(value)]
    })
}

function strictEncode(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function toToken(key: string): string {
  return Buffer.from(key).toString('base64url')
}
function fromToken(token: string): string {
  return Buffer.from(token, 'base64url').toString('utf8')
}
