import { describe, expect, it } from 'vitest'
import { parseListPage } from '../../../server/uploads/s3-list'
import { EMPTY_SHA256, encodeKey, signS3Request } from '../../../server/uploads/s3-signature'

// aws4fetch, as the S3 client configures it, against AWS's worked examples of Signature V4 for S3 ("Examples: Signature Calculations in
// AWS Signature Version 4", Amazon S3 API reference): same key, bucket and time.
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
}
const NOW = Date.parse('2013-05-24T00:00:00Z')

async function sign(
  method: string,
  url: string,
  headers: Record<string, string>,
  payloadHash = EMPTY_SHA256,
) {
  return await signS3Request({
    method,
    url: new URL(url),
    headers,
    payloadHash,
    credentials,
    region: 'us-east-1',
    now: NOW,
  })
}

describe('signS3Request (AWS Signature V4), against the examples AWS publishes', () => {
  it('GET Object with a Range header', async () => {
    const headers = await sign('GET', 'https://examplebucket.s3.amazonaws.com/test.txt', {
      Range: 'bytes=0-9',
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
    expect(headers['x-amz-date']).toBe('20130524T000000Z')
    expect(headers['x-amz-content-sha256']).toBe(EMPTY_SHA256)
    expect(headers.host).toBe('examplebucket.s3.amazonaws.com')
  })

  it('PUT Object: a $ in the key, the payload hash and an x-amz- header signed', async () => {
    const headers = await sign(
      'PUT',
      'https://examplebucket.s3.amazonaws.com/test$file.text',
      { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    )
    expect(headers.authorization).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    )
  })

  it('GET Bucket lifecycle (a query name without value) and a listing (sorted query)', async () => {
    expect(
      (await sign('GET', 'https://examplebucket.s3.amazonaws.com/?lifecycle', {})).authorization,
    ).toMatch(/Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543$/)
    expect(
      (await sign('GET', 'https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2', {}))
        .authorization,
    ).toMatch(/Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7$/)
  })

  it('encodes keys segment by segment, keeping the slashes', () => {
    expect(encodeKey("chat/a b/ü+*'!~.txt")).toBe('chat/a%20b/%C3%BC%2B%2A%27%21~.txt')
  })
})

describe('parseListPage', () => {
  it('reads keys (entities decoded), times, sizes and the continuation token', () => {
    const page = parseListPage(
      '<?xml version="1.0"?><ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a&amp;b/file.json</Key><LastModified>2026-11-22T10:00:00.000Z</LastModified><Size>12</Size></Contents><NextContinuationToken>abc=</NextContinuationToken></ListBucketResult>',
    )
    expect(page).toEqual({
      objects: [
        { key: 'a&b/file.json', size: 12, lastModified: Date.parse('2026-11-22T10:00:00Z') },
      ],
      next: 'abc=',
    })
  })

  it('refuses what is not a listing, and a cut listing without a token', () => {
    expect(() => parseListPage('<html>proxy error</html>')).toThrow(
      /answered a listing with something else/,
    )
    expect(() =>
      parseListPage('<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>'),
    ).toThrow(/ListObjectsV2/)
  })
})
