import { afterEach, describe, expect, it } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { ErrorBody } from '../../../shared/protocol/errors'
import { useSharedUploadInstances } from '../support/shared-upload-instances'
import { createUploadTestApp, type UploadTestApp, uploadFrom } from '../support/upload-app'
import { makePdf } from '../support/upload-samples'

const apps: UploadTestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.cleanup()
})

describe('uploads are rate-limited per address as well as per visitor', () => {
  it('refuses a fourth upload from one address even from a brand-new visitor (429, Retry-After)', async () => {
    const app = await createUploadTestApp(
      { perVisitorPerMinute: 100, perIpPerMinute: 3 },
      {},
      {
        TRUST_PROXY: '1',
      },
    )
    apps.push(app)
    const statuses: number[] = []
    // A visitor who mints a new session for each upload.
    for (let n = 0; n < 4; n += 1) {
      const { token } = await app.newVisitor()
      statuses.push((await uploadFrom(app, token, '203.0.113.7')).status)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
    const { token } = await app.newVisitor()
    const refused = await uploadFrom(app, token, '203.0.113.7')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(ErrorBody.parse(await refused.json()).error).toEqual({
      code: 'rate_limited',
      message: `Too many uploads from this address; try again in ${retryAfter} s.`,
    })
    // Only the three accepted files were stored.
    expect((await app.filesOnDisk()).filter((path) => path.endsWith('file.json'))).toHaveLength(3)
    // Another address has its own budget.
    expect((await uploadFrom(app, token, '198.51.100.2')).status).toBe(201)
  })

  it('still limits one visitor on its own, across addresses', async () => {
    const app = await createUploadTestApp(
      { perVisitorPerMinute: 2, perIpPerMinute: 100 },
      {},
      {
        TRUST_PROXY: '1',
      },
    )
    apps.push(app)
    const { token } = await app.newVisitor()
    const statuses = []
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      statuses.push((await uploadFrom(app, token, ip)).status)
    expect(statuses).toEqual([201, 201, 429])
  })
})

describeRedis('two instances on one Redis and one bucket', () => {
  const shared = useSharedUploadInstances('porthole-upload-rl')

  it('count an address’s uploads once, and serve a file uploaded through the other', async () => {
    const [first, second] = await shared.twoInstances(
      { perVisitorPerMinute: 100, perIpPerMinute: 4 },
      {},
    )
    const { token } = await first.newVisitor()
    const statuses: number[] = []
    for (let n = 0; n < 6; n += 1)
      statuses.push((await uploadFrom(n % 2 ? second : first, token, '203.0.113.9')).status)
    // Four in all, not four per instance.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429])
    const { token: other } = await second.newVisitor()
    const res = await uploadFrom(first, other, '198.51.100.4', makePdf(), 'shared.pdf')
    const { file } = (await res.json()) as { file: { url: string } }
    const served = await second.app.request(new URL(file.url).pathname)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(makePdf())).toBe(true)
    // The bucket needs no shared folder: no warning.
    expect(first.logs.some((line) => line.includes('kept in a local folder'))).toBe(false)
  })
})
