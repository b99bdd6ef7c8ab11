import { afterEach, describe, expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import type { DiskSpace } from '../../../server/uploads/disk-space'
import { ErrorBody } from '../../../shared/protocol/errors'
import { useSharedUploadInstances } from '../support/shared-upload-instances'
import { createClientId } from '../support/test-app'
import {
  createUploadTestApp,
  expectRefusedUpload,
  type UploadTestApp,
  uploadFrom,
} from '../support/upload-app'
import { makePdf } from '../support/upload-samples'

const KB = 1024
const MB = 1024 * KB

const apps: UploadTestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.cleanup()
})

/** A valid PDF of `size` bytes. */
function pdfOf(size: number): Buffer {
  return Buffer.concat([makePdf(), Buffer.alloc(size - makePdf().length, 0x20)])
}

/** A stream of `body` in 64 KB chunks, with no Content-Length. */
function streamOf(body: Buffer, onPull: (sent: number) => void = () => {}) {
  let sent = 0
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= body.length) {
          controller.close()
          return
        }
        const chunk = Uint8Array.from(body.subarray(sent, sent + 64 * KB))
        sent += chunk.byteLength
        onPull(sent)
        controller.enqueue(chunk)
      },
    },
    { highWaterMark: 0 },
  )
}

async function quotaApp(env: Record<string, string>, diskSpace?: DiskSpace) {
  const app = await createUploadTestApp({ maxBytes: MB }, diskSpace ? { diskSpace } : {}, {
    TRUST_PROXY: '1',
    UPLOAD_MAX_MB: '1',
    ...env,
  })
  apps.push(app)
  return app
}

const storedFiles = async (app: UploadTestApp) =>
  (await app.filesOnDisk()).filter((path) => path.endsWith('file.json')).length

describe('upload quotas (bytes over a window)', () => {
  it('refuses a visitor past UPLOAD_QUOTA_MB_PER_VISITOR with 429 upload_quota_exceeded and Retry-After', async () => {
    const app = await quotaApp({ UPLOAD_QUOTA_MB_PER_VISITOR: '1', UPLOAD_QUOTA_HOURS: '24' })
    const { token } = await app.newVisitor()
    const statuses: number[] = []
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      statuses.push((await uploadFrom(app, token, ip, pdfOf(400 * KB))).status)
    expect(statuses).toEqual([201, 201, 429])
    const refused = await uploadFrom(app, token, '203.0.113.4', pdfOf(400 * KB))
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    const { error } = ErrorBody.parse(await refused.json())
    expect(error.code).toBe('upload_quota_exceeded')
    expect(error.message).toBe(
      'You have sent the most files allowed (1 MB in 24 hours): try again in 24 h.',
    )
    expect(await storedFiles(app)).toBe(2)
    // A smaller file that still fits goes through: the quota is bytes, not files.
    expect((await uploadFrom(app, token, '203.0.113.5', pdfOf(200 * KB))).status).toBe(201)
  })

  it('refuses an address past UPLOAD_QUOTA_MB_PER_IP whatever the visitor, another address has its own', async () => {
    const app = await quotaApp({
      UPLOAD_QUOTA_MB_PER_VISITOR: '1000',
      UPLOAD_QUOTA_MB_PER_IP: '2',
    })
    const statuses: number[] = []
    for (let n = 0; n < 6; n += 1) {
      // A visitor who mints a new session for each upload.
      const { token } = await app.newVisitor()
      statuses.push((await uploadFrom(app, token, '198.51.100.7', pdfOf(400 * KB))).status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    const { token } = await app.newVisitor()
    const refused = await uploadFrom(app, token, '198.51.100.7', pdfOf(400 * KB))
    expect(ErrorBody.parse(await refused.json()).error.message).toMatch(/^Your network has sent/)
    expect((await uploadFrom(app, token, '198.51.100.8', pdfOf(400 * KB))).status).toBe(201)
  })

  it('counts a body without Content-Length as it streams, and stops it at the quota', async () => {
    const app = await quotaApp({ UPLOAD_QUOTA_MB_PER_VISITOR: '1' })
    const { token } = await app.newVisitor()
    expect(
      (await app.upload(token, 'a.pdf', 'application/pdf', streamOf(pdfOf(700 * KB)))).status,
    ).toBe(201)
    let pulled = 0
    const res = await app.upload(
      token,
      'b.pdf',
      'application/pdf',
      streamOf(pdfOf(MB - KB), (sent) => {
        pulled = sent
      }),
    )
    expect(res.status).toBe(429)
    // Stopped where the quota ran out, not after the whole body.
    expect(pulled).toBeLessThan(MB - KB)
    expect(await storedFiles(app)).toBe(1)
    expect((await app.filesOnDisk()).filter((p) => p.startsWith('.incoming/'))).toEqual([])
  })

  it('gives back what a refused upload took: refusals do not spend the quota', async () => {
    const app = await quotaApp({ UPLOAD_QUOTA_MB_PER_VISITOR: '1' })
    const { token } = await app.newVisitor()
    for (let n = 0; n < 5; n += 1) {
      // Declared a PDF, is not one: 415 after the whole body was received.
      const res = await app.upload(token, 'x.pdf', 'application/pdf', Buffer.alloc(400 * KB, 0x41))
      expect(res.status).toBe(415)
    }
    expect((await uploadFrom(app, token, '203.0.113.1', pdfOf(900 * KB))).status).toBe(201)
  })
})

describe('the disk free-space floor (DISK_FREE_FLOOR_MB)', () => {
  function fakeDisk(free: { bytes: number }): DiskSpace {
    return { freeBytes: async () => free.bytes }
  }

  it('below the floor uploads answer 507 with the usual error body, messages keep working, /healthz says degraded', async () => {
    const free = { bytes: 99 * MB }
    const app = await quotaApp({ DISK_FREE_FLOOR_MB: '100' }, fakeDisk(free))
    const { token } = await app.newVisitor()
    const res = await uploadFrom(app, token, '203.0.113.1', pdfOf(10 * KB))
    await expectRefusedUpload(app, res, 507, {
      code: 'insufficient_storage',
      message: expect.stringMatching(/short of disk space\); your messages still go through/),
    })
    const message = await app.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'still here' },
    })
    expect(message.status).toBe(200)
    const health = await app.app.request('/healthz')
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      disk: { freeBytes: 99 * MB, floorBytes: 100 * MB, low: true },
    })
    await app.app.request('/healthz')
    const lowLines = app.logs.filter((l) =>
      l.includes('health check: disk below DISK_FREE_FLOOR_MB'),
    )
    expect(lowLines).toHaveLength(1)
    // Space freed: uploads and health are back.
    free.bytes = 200 * MB
    expect((await uploadFrom(app, token, '203.0.113.1', pdfOf(10 * KB))).status).toBe(201)
    expect(await (await app.app.request('/healthz')).json()).toMatchObject({
      status: 'ok',
      disk: { freeBytes: 200 * MB, low: false },
    })
  })

  it('refuses a file that would take the disk below the floor, before or while it arrives', async () => {
    const free = { bytes: 100 * MB + 500 * KB }
    const app = await quotaApp({ DISK_FREE_FLOOR_MB: '100' }, fakeDisk(free))
    const { token } = await app.newVisitor()
    // Declared: refused before the body is read.
    expect((await uploadFrom(app, token, '203.0.113.1', pdfOf(900 * KB))).status).toBe(507)
    // Streamed: the disk fills meanwhile.
    const res = await app.upload(
      token,
      'a.pdf',
      'application/pdf',
      streamOf(pdfOf(900 * KB), (sent) => {
        free.bytes = 100 * MB + 500 * KB - sent
      }),
    )
    expect(res.status).toBe(507)
    expect(await app.filesOnDisk()).toEqual([])
  })

  it('reports the real disk on /healthz by default', async () => {
    const app = await quotaApp({ DISK_FREE_FLOOR_MB: '0' })
    const body = (await (await app.app.request('/healthz')).json()) as {
      status: string
      disk: { freeBytes: number; low: boolean }
    }
    expect(body.status).toBe('ok')
    expect(body.disk.freeBytes).toBeGreaterThan(0)
    expect(body.disk.low).toBe(false)
  })
})

describeRedis('upload quotas on two instances sharing one Redis', () => {
  const shared = useSharedUploadInstances('porthole-upload-quota')

  it('count an address’s bytes once across the instances', async () => {
    const [first, second] = await shared.twoInstances(
      { maxBytes: MB },
      { UPLOAD_MAX_MB: '1', UPLOAD_QUOTA_MB_PER_IP: '1' },
    )
    const statuses: number[] = []
    for (let n = 0; n < 4; n += 1) {
      const app = n % 2 ? second : first
      const { token } = await app.newVisitor()
      statuses.push((await uploadFrom(app, token, '192.0.2.9', pdfOf(300 * KB))).status)
    }
    // 1 MB in all, not 1 MB per instance.
    expect(statuses).toEqual([201, 201, 201, 429])
  })
})
