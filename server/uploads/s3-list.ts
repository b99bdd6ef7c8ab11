import { decodeXml, S3StoreError, xmlText } from './s3-error'

export type S3Object = { key: string; size: number; lastModified: number }

export type ListPage = {
  objects: S3Object[]
  /** The continuation token of the next page, when the listing is truncated. */
  next: string | undefined
}

/**
 * One page of a ListObjectsV2 answer. Throws S3StoreError `s3_bad_answer` when it is
 * not one (a proxy's page, a service without ListObjectsV2).
 *
 * @example parseListPage('<ListBucketResult>…</ListBucketResult>')
 */
export function parseListPage(xml: string): ListPage {
  if (!xml.includes('<ListBucketResult')) {
    throw new S3StoreError(
      's3_bad_answer',
      `S3 answered a listing with something else: ${xml.slice(0, 200)}`,
    )
  }
  const objects: S3Object[] = []
  for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = /<Key>([^<]*)<\/Key>/.exec(entry)?.[1]
    const modified = Date.parse(xmlText(entry, 'LastModified') ?? '')
    const size = Number(xmlText(entry, 'Size') ?? Number.NaN)
    if (key === undefined || Number.isNaN(modified) || !Number.isFinite(size)) {
      throw new S3StoreError('s3_bad_answer', `S3 listed an object without its key, time or size`)
    }
    objects.push({ key: decodeXml(key), size, lastModified: modified })
  }
  const truncated = xmlText(xml, 'IsTruncated') === 'true'
  const next = truncated ? xmlText(xml, 'NextContinuationToken') : undefined
  if (truncated && next === undefined) {
    throw new S3StoreError(
      's3_bad_answer',
      'S3 cut a listing short without a continuation token (the service must support ListObjectsV2)',
    )
  }
  return { objects, next }
}
