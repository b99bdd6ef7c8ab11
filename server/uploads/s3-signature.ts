import { createHash, createHmac } from 'node:crypto'

/** The SHA-256 of an empty body, the payload hash of every request without one. */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex')

export type S3Credentials = { accessKeyId: string; secretAccessKey: string }

export type SignInput = {
  method: string
  url: URL
  /** The headers to send (names in any case); every one is signed. */
  headers: Record<string, string>
  /** Hex SHA-256 of the body (EMPTY_SHA256 without one). */
  payloadHash: string
  credentials: S3Credentials
  region: string
  /** The request time (ms). */
  now: number
}

/**
 * The headers of an AWS Signature Version 4 request to S3 (service `s3`): `headers`
 * plus host, x-amz-date, x-amz-content-sha256 and authorization. Pure: the same input
 * gives the same signature.
 *
 * @example const headers = signS3Request({ method: 'GET', url, headers: {}, payloadHash: EMPTY_SHA256, credentials, region: 'us-east-1', now: Date.now() })
 */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = new Date(input.now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const day = amzDate.slice(0, 8)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value
  headers.host = input.url.host
  headers['x-amz-date'] = amzDate
  headers['x-amz-content-sha256'] = input.payloadHash
  const names = Object.keys(headers).sort()
  const signedHeaders = names.join(';')
  const canonical = [
    input.method,
    canonicalPath(input.url.pathname),
    canonicalQuery(input.url.searchParams),
    names.map((name) => `${name}:${trimValue(headers[name] ?? '')}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n')
  const scope = `${day}/${input.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n')
  const key = signingKey(input.credentials.secretAccessKey, day, input.region)
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return headers
}

/** RFC 3986 encoding of one URI component: everything but A–Z a–z 0–9 - _ . ~ as %XX. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** An object key as a URL path (each segment encoded, the slashes kept). */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeRfc3986).join('/')
}

// S3 signs the path as sent, each segment encoded once (not twice, as other services).
function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/')
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

function trimValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ')
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function signingKey(secret: string, day: string, region: string): Buffer {
  const date = createHmac('sha256', `AWS4${secret}`).update(day).digest()
  const inRegion = createHmac('sha256', date).update(region).digest()
  const inService = createHmac('sha256', inRegion).update('s3').digest()
  return createHmac('sha256', inService).update('aws4_request').digest()
}
