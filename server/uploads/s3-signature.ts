import { createHash } from 'node:crypto'
import { AwsV4Signer } from 'aws4fetch'

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
 * The headers of an AWS Signature Version 4 request to S3 (service `s3`), signed by
 * aws4fetch: `headers` (lower-cased) plus host, x-amz-date, x-amz-content-sha256 and
 * authorization. Every header is signed (S3 accepts that, and a proxy cannot change
 * one unseen). The body is never read: its hash is given, so a file streams as it is
 * sent. Pure apart from the clock it is given: the same input gives the same signature.
 *
 * @example const headers = await signS3Request({ method: 'GET', url, headers: {}, payloadHash: EMPTY_SHA256, credentials, region: 'us-east-1', now: Date.now() })
 */
export async function signS3Request(input: SignInput): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    service: 's3',
    region: input.region,
    datetime: new Date(input.now).toISOString().replace(/[:-]|\.\d{3}/g, ''),
    allHeaders: true,
  })
  const { headers } = await signer.sign()
  return { ...Object.fromEntries(headers), host: input.url.host }
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
