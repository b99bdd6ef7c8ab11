import { PortholeError } from '../errors'

export const S3_ERROR_CODES = ['s3_unreachable', 's3_refused', 's3_bad_answer'] as const
export type S3ErrorCode = (typeof S3_ERROR_CODES)[number]

/** The bucket could not be used: unreachable, a refusal (with S3's own code), or an answer that is not S3's. */
export class S3StoreError extends PortholeError<S3ErrorCode> {
  override readonly name = 'S3StoreError' as const
  /** S3's error code (`NoSuchBucket`, `SignatureDoesNotMatch`, …), when it sent one. */
  readonly s3Code: string | undefined
  readonly status: number | undefined

  constructor(
    code: S3ErrorCode,
    message: string,
    details: { s3Code?: string; status?: number; cause?: unknown } = {},
  ) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause })
    this.s3Code = details.s3Code
    this.status = details.status
  }
}

export function isS3StoreError(error: unknown): error is S3StoreError {
  return error instanceof S3StoreError
}

// What the operator should check for the refusals a misconfiguration causes.
const HINTS: Record<string, string> = {
  InvalidAccessKeyId: 'check S3_ACCESS_KEY_ID',
  SignatureDoesNotMatch: 'check S3_SECRET_ACCESS_KEY (and S3_ACCESS_KEY_ID)',
  AccessDenied:
    'give the key’s user s3:PutObject, s3:GetObject, s3:DeleteObject and s3:ListBucket on the bucket',
  NoSuchBucket: 'check S3_BUCKET and S3_ENDPOINT: there is no such bucket there',
  AuthorizationHeaderMalformed: 'check S3_REGION: the bucket is in another region',
  PermanentRedirect: 'check S3_REGION and S3_ENDPOINT: the bucket is in another region',
  IncorrectEndpoint: 'check S3_ENDPOINT and S3_REGION',
  RequestTimeTooSkewed: 'this machine’s clock is off: synchronise it (NTP)',
}

/** An error answer as an S3StoreError whose message names S3's code and what to check. */
export function refusal(
  what: string,
  status: number,
  body: string,
  requestId: string | undefined,
): S3StoreError {
  const s3Code = xmlText(body, 'Code')
  const detail = xmlText(body, 'Message')
  const hint = s3Code === undefined ? undefined : HINTS[s3Code]
  // A 5xx still there after the retries is an outage, not a refusal.
  const outage = status >= 500
  const message = [
    `S3 ${outage ? 'failed' : 'refused'} ${what}: ${status}${s3Code ? ` ${s3Code}` : ''}${detail ? ` (${detail})` : ''}`,
    hint,
    requestId ? `request id ${requestId}` : undefined,
  ]
    .filter(Boolean)
    .join('; ')
  return new S3StoreError(outage ? 's3_unreachable' : 's3_refused', message, {
    status,
    ...(s3Code ? { s3Code } : {}),
  })
}

/** The text of the first `<tag>` in an XML answer, entities decoded. */
export function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)
  return match?.[1] === undefined ? undefined : decodeXml(match[1])
}

/** Decodes the five XML entities and character references. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] ?? ''
  })
}
