import { isIP } from 'node:net'
import type { UploadStore } from './config'
import type { EnvSchema } from './env-schema'

type StoreEnv = Pick<
  EnvSchema,
  | 'UPLOAD_STORE'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>

const DNS_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
// Path-style addressing also reaches the older names some services still allow.
const PATH_BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/
const REGION = /^[a-z0-9-]{1,40}$/
const PREFIX = /^(?:[A-Za-z0-9!_.*'()-]+\/)*[A-Za-z0-9!_.*'()-]*$/
const KEY_HINT =
  'the access key of a user allowed s3:PutObject, s3:GetObject, s3:DeleteObject and s3:ListBucket on the bucket'

/**
 * Where attachments go, from UPLOAD_STORE and the S3_* variables; every problem goes
 * to `fail` with how to fix it (the result is then not used).
 *
 * @example parseUploadStore({ UPLOAD_STORE: 's3', S3_BUCKET: 'chat-files', … }, fail)
 */
export function parseUploadStore(
  e: StoreEnv,
  fail: (variable: string, problem: string) => void,
): UploadStore {
  if (e.UPLOAD_STORE === 'folder') {
    const given = (
      ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    )
      .filter((name) => e[name] !== undefined)
      .join(', ')
    if (given !== '')
      fail(
        'UPLOAD_STORE',
        `is folder (the default) but ${given} ${given.includes(',') ? 'are' : 'is'} set: set UPLOAD_STORE=s3 to keep attachments in the bucket, or unset the S3_* variables`,
      )
    return { kind: 'folder' }
  }
  const forcePathStyle = e.S3_FORCE_PATH_STYLE
  const region = e.S3_REGION ?? 'us-east-1'
  if (!REGION.test(region))
    fail(
      'S3_REGION',
      'must be the bucket’s region, e.g. eu-west-1 (auto for Cloudflare R2, us-east-1 for MinIO)',
    )
  const bucket = e.S3_BUCKET ?? ''
  if (e.S3_BUCKET === undefined) {
    fail('S3_BUCKET', 'is not set: name the bucket attachments go to (UPLOAD_STORE=s3)')
  } else if (!(forcePathStyle ? PATH_BUCKET : DNS_BUCKET).test(bucket)) {
    fail('S3_BUCKET', 'must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens')
  }
  if (e.S3_ACCESS_KEY_ID === undefined) fail('S3_ACCESS_KEY_ID', `is not set: ${KEY_HINT}`)
  if (e.S3_SECRET_ACCESS_KEY === undefined)
    fail('S3_SECRET_ACCESS_KEY', `is not set: the secret of S3_ACCESS_KEY_ID (${KEY_HINT})`)
  const endpoint = parseEndpoint(e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`)
  if (endpoint === undefined) {
    fail(
      'S3_ENDPOINT',
      'must be the service’s address alone, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (the bucket goes in S3_BUCKET)',
    )
  } else if (!forcePathStyle) {
    const host = endpoint.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) !== 0 || host === 'localhost') {
      fail(
        'S3_FORCE_PATH_STYLE',
        `must be 1 with S3_ENDPOINT ${endpoint.origin}: an IP address or localhost cannot take the bucket as a sub-domain`,
      )
    } else if (bucket !== '' && host.startsWith(`${bucket}.`)) {
      fail(
        'S3_ENDPOINT',
        `starts with the bucket (${host}): give the service’s address without it, the bucket goes in S3_BUCKET`,
      )
    } else if (bucket.includes('.') && endpoint.protocol === 'https:') {
      fail(
        'S3_BUCKET',
        'has dots, which break the HTTPS certificate when the bucket is part of the host name: set S3_FORCE_PATH_STYLE=1',
      )
    }
  }
  const prefix = e.S3_PREFIX ?? ''
  if (!PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')) {
    fail(
      'S3_PREFIX',
      'must be a key prefix of letters, digits and - _ . separated by /, e.g. porthole/ (no leading /)',
    )
  }
  return {
    kind: 's3',
    endpoint: endpoint?.origin ?? '',
    region,
    bucket,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  }
}

function parseEndpoint(value: string): URL | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === ''
  const http = url.protocol === 'http:' || url.protocol === 'https:'
  return bare && http && url.username === '' && url.password === '' ? url : undefined
}
