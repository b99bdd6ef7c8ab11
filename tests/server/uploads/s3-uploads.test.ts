import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { loadConfig } from '../../../server/config/load-config'
import { PostMessageResponse } from '../../../shared/widget-api'
import { createTestEnv } from '../../support/test-config'
import { type S3Emulator, startS3Emulator } from '../support/s3-server'
import {
  createUploadTestApp,
  generatedBody,
  photoOf,
  sendFile,
  type UploadTestApp,
  uploadLarge,
} from '../support/upload-app'
import { makeImage, makePdf } from '../support/upload-samples'

let t: UploadTestApp | undefined
let s3: S3Emulator | undefined
afterEach(async () => {
  await t?.cleanup()
  await s3?.close()
  t = undefined
  s3 = undefined
})

const pathOf = (url: string) => new URL(url).pathname

/** An app whose attachments go to the emulated bucket, configured as operators do. */
async function startWithBucket(maxBytes?: number, secret?: string) {
  const bucket = await startS3Emulator()
  s3 = bucket
  const { uploads } = loadConfig(
    createTestEnv({
      UPLOAD_STORE: 's3',
      S3_ENDPOINT: bucket.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: secret ?? bucket.secretAccessKey,
      S3_PREFIX: 'porthole',
    }),
    { cwd: '/nonexistent-porthole-test' },
  )
  // The first retention pass at start, as the test of the keys' check wants it.
  const app = await createUploadTestApp(
    { store: uploads.store, ...(maxBytes ? { maxBytes } : {}) },
    {},
    { RETENTION_START_DELAY_SECONDS: '0' },
  )
  t = app
  return { app, bucket }
}

describe('attachments with UPLOAD_STORE=s3', () => {
  it('upload → bucket → A2 photo → GET /files serves the bytes and the thumbnail from the bucket', async () => {
    const { app, bucket } = await startWithBucket()
    const { token, visitorId } = await app.newVisitor()
    const file = await app.uploadOk(token, 'cat.png', 'image/png', await makeImage('png', 640, 480))
    const keys = [...bucket.objects.keys()].sort()
    expect(keys).toHaveLength(3)
    expect(keys.every((key) => key.startsWith(`porthole/${file.id.slice(0, 16)}/`))).toBe(true)
    // Nothing stays on the instance's disk.
    expect(await app.filesOnDisk()).toEqual([])

    const { id, res } = await sendFile(app, token, file.id)
    expect(res.status).toBe(200)
    expect(PostMessageResponse.parse(await res.json()).delivery).toBe('sent')
    expect(app.service.messages()).toEqual([
      {
        sender: { id: visitorId },
        message: photoOf(file, { id, name: 'cat.png', width: 640, height: 480 }),
      },
    ])
    // The record in the bucket now says it was sent (kept as long as the conversation).
    const record = JSON.parse(
      (await bucket.bytesOf(keys.find((k) => k.endsWith('file.json')) ?? '')).toString(),
    )
    expect(record.attachedAt).toBeGreaterThan(0)

    const served = await app.app.request(pathOf(file.url))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('content-length')).toBe(String(file.size))
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.equals(await bucket.bytesOf(keys.find((k) => k.endsWith('/content')) ?? ''))).toBe(
      true,
    )
    expect((await sharp(bytes).metadata()).width).toBe(640)
    const thumb = await app.app.request(pathOf(file.thumb ?? ''))
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320)
    expect((await app.app.request(`/files/${file.id}/other.png`)).status).toBe(404)
  })

  it('sends a PDF as a document and serves it as a download', async () => {
    const { app } = await startWithBucket()
    const { token } = await app.newVisitor()
    const file = await app.uploadOk(token, 'price-list.pdf', 'application/pdf', makePdf())
    const { res } = await sendFile(app, token, file.id)
    expect(res.status).toBe(200)
    expect(app.service.messages()[0]).toMatchObject({ message: { type: 'document' } })
    const served = await app.app.request(pathOf(file.url))
    expect(served.headers.get('content-disposition')?.startsWith('attachment; ')).toBe(true)
    expect(Buffer.from(await served.arrayBuffer()).equals(makePdf())).toBe(true)
  })

  it('streams a 12 MB upload to the bucket and serves it whole', async () => {
    const { app, bucket } = await startWithBucket(16 * 1024 * 1024)
    const { token } = await app.newVisitor()
    const size = 12 * 1024 * 1024
    const file = await uploadLarge(app, token, size)
    expect(file.size).toBe(size)
    expect([...bucket.objects.values()].some((object) => object.size === size)).toBe(true)
    const served = await app.app.request(pathOf(file.url))
    expect(served.headers.get('content-length')).toBe(String(size))
    let length = 0
    for await (const chunk of served.body as unknown as AsyncIterable<Uint8Array>)
      length += chunk.byteLength
    expect(length).toBe(size)
    expect(await app.filesOnDisk()).toEqual([])
  })

  it('refuses 2 MB over a 1 MB limit while streaming (413): no object in the bucket, no file on disk', async () => {
    const { app, bucket } = await startWithBucket(1024 * 1024)
    const { token } = await app.newVisitor()
    const res = await app.upload(
      token,
      'big.pdf',
      'application/pdf',
      generatedBody(2 * 1024 * 1024, makePdf()),
    )
    expect(res.status).toBe(413)
    expect(bucket.objects.size).toBe(0)
    expect(bucket.requests.filter((r) => r.method === 'PUT')).toEqual([])
    expect(await app.filesOnDisk()).toEqual([])
  })

  it('answers 500 while the bucket is down, leaving nothing behind, and works once it is back', async () => {
    const { app, bucket } = await startWithBucket()
    const { token } = await app.newVisitor()
    bucket.failNext(100, 503)
    const res = await app.upload(token, 'a.pdf', 'application/pdf', Uint8Array.from(makePdf()))
    expect(res.status).toBe(500)
    expect(bucket.objects.size).toBe(0)
    expect(await app.filesOnDisk()).toEqual([])
    expect(app.logs.some((line) => line.includes('S3 failed the upload of porthole/'))).toBe(true)
    bucket.failNext(0)
    const file = await app.uploadOk(token, 'a.pdf', 'application/pdf', makePdf())
    expect((await app.app.request(pathOf(file.url))).status).toBe(200)
  })

  it('tells the operator at start, with the variable to check, when the bucket refuses the keys', async () => {
    const { app } = await startWithBucket(undefined, 'a-wrong-secret-value')
    const runtime = runtimeOf(app.app)
    await runtime.start()
    await runtime.retention.firstPass
    const line = app.logs.find((l) => l.includes('retention: attachments not pruned'))
    expect(line).toContain('SignatureDoesNotMatch')
    expect(line).toContain('check S3_SECRET_ACCESS_KEY')
    expect(line).toContain('"level":"error"')
  })
})
