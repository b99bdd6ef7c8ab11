import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { describeRedis } from '../../../kit/redis-server'
import { runtimeOf } from '../../../server/app'
import { outboxLockKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { REAL_WORK, REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { folderText, redisText } from '../support/raw-scan'
import { useRedisInstances } from '../support/redis-instances'
import { type S3Emulator, s3ConfigOf, startS3Emulator } from '../support/s3-server'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import { openSse } from '../support/sse-client'
import { startTestServer } from '../support/test-server'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { type Footprint, writeEverywhere } from '../support/visitor-footprint'

// The bar: one unique string written into every place Porthole keeps a
// visitor's data, then DELETE /api/visitor, then the stores' raw data scanned for it.

const ERASED = 'qzerase7k2m'
const KEPT = 'qzkeep5w8n'

let sink: SmtpSink
const cleanups: (() => Promise<void> | void)[] = []
beforeEach(async () => {
  sink = await startSmtpSink()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await sink.stop()
})

async function startApp(store: Store, bucket?: S3Emulator): Promise<UploadTestApp> {
  const t = await createUploadTestApp(
    bucket ? { store: { kind: 's3', ...s3ConfigOf(bucket, 'files/') } } : {},
    { store, email: { resumeUrl: async () => 'https://shop.example/' } },
    { SMTP_URL: sink.url, EMAIL_FROM: 'Northwind <chat@northwind.example>' },
  )
  cleanups.push(async () => {
    await runtimeOf(t.app).outbox.stop()
    await runtimeOf(t.app).email.stop()
    await t.cleanup()
  })
  return t
}

/** Every record's value, and both visitors' logs: what a memory store holds. */
async function storeText(store: Store, visitors: Footprint[]): Promise<string> {
  const parts: string[] = []
  for (const key of await store.listRecords(''))
    parts.push(key, JSON.stringify(await store.getRecord(key, z.unknown())))
  for (const { visitorId } of visitors)
    parts.push(JSON.stringify(await store.readAfter(visitorId, undefined, 10_000)))
  return parts.join('\n')
}

async function erase(t: UploadTestApp, who: Footprint) {
  const res = await t.request('/api/visitor', { method: 'DELETE', token: who.token })
  expect(res.status).toBe(200)
  return (await res.json()) as { erased: Record<string, number>; at: string }
}

function expectReceipt(receipt: { erased: Record<string, number> }) {
  expect(receipt.erased).toMatchObject({
    files: 2,
    ratings: 1,
    contact: 1,
    sessions: 1,
    consents: 1,
  })
  expect(receipt.erased.messages).toBeGreaterThanOrEqual(6)
  expect(receipt.erased.emails).toBeGreaterThanOrEqual(1)
  expect(receipt.erased.outbox).toBeGreaterThanOrEqual(4)
}

describe('DELETE /api/visitor leaves nothing of the visitor anywhere', () => {
  it('sqlite and the files folder: the raw database, its WAL and the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-erasure-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, 'porthole.db')
    const store = openSqliteStore(path)
    cleanups.push(() => store.close())
    const t = await startApp(store)
    const kept = await writeEverywhere(t, KEPT)
    const gone = await writeEverywhere(t, ERASED)
    const raw = () =>
      [path, `${path}-wal`]
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file).toString('latin1'))
        .join('\n')
    expect(raw()).toContain(ERASED)
    expect(await folderText(t.dir)).toContain(ERASED)

    expectReceipt(await erase(t, gone))

    expect(raw()).not.toContain(ERASED)
    expect(raw()).toContain(KEPT)
    const files = await folderText(t.dir)
    expect(files).not.toContain(ERASED)
    for (const id of gone.fileIds) expect(files).not.toContain(id)
    for (const id of kept.fileIds) expect(files).toContain(id)
  })

  it('memory and the S3 bucket: every record, both logs and every object', async () => {
    const bucket = await startS3Emulator()
    cleanups.push(() => bucket.close())
    const store = createMemoryStore()
    const t = await startApp(store, bucket)
    const kept = await writeEverywhere(t, KEPT)
    const gone = await writeEverywhere(t, ERASED)
    const bucketText = async () => {
      const parts: string[] = []
      for (const key of bucket.objects.keys())
        parts.push(key, (await bucket.bytesOf(key)).toString('latin1'))
      return parts.join('\n')
    }
    expect(await bucketText()).toContain(ERASED)

    expectReceipt(await erase(t, gone))

    const objects = await bucketText()
    expect(objects).not.toContain(ERASED)
    for (const id of gone.fileIds) expect(objects).not.toContain(id)
    for (const id of kept.fileIds) expect(objects).toContain(id)
    const held = await storeText(store, [gone, kept])
    expect(held).not.toContain(ERASED)
    expect(held).toContain(KEPT)
  })
})

describeRedis('DELETE /api/visitor on Redis, two instances', () => {
  const redis = useRedisInstances()

  it('erased through one instance: its streams end, no key or value of Redis holds the text, the other instance refuses the credential', {
    timeout: REAL_WORK_TIMEOUT_MS,
  }, async () => {
    const prefix = `erase-${Date.now().toString(36)}:`
    // Instances share the store and the bucket, as a deployment behind a load balancer does.
    const bucket = await startS3Emulator()
    cleanups.push(() => bucket.close())
    const one = await startApp(await redis.openStore({ prefix }), bucket)
    const two = await startApp(await redis.openStore({ prefix }), bucket)
    const kept = await writeEverywhere(one, KEPT)
    const gone = await writeEverywhere(one, ERASED)
    expect(await redisText(redis.url)).toContain(ERASED)
    // A third instance on a real socket: the visitor's stream there ends with the erasure.
    const three = await startTestServer({ store: await redis.openStore({ prefix }) })
    cleanups.push(() => three.close())
    const stream = openSse(`${three.url}/api/events`, { authorization: `Bearer ${gone.token}` })
    await stream.ready
    expect(stream.status).toBe(200)

    expectReceipt(await erase(two, gone))
    await vi.waitFor(() => expect(stream.ended).toBe(true), REAL_WORK)

    const all = await redisText(redis.url)
    expect(all).not.toContain(ERASED)
    expect(all).toContain(KEPT)
    for (const key of bucket.objects.keys())
      for (const id of gone.fileIds) expect(key).not.toContain(id)
    const other = await one.request('/api/visitor/export', { token: gone.token })
    expect(other.status).toBe(401)
    expect((await one.request('/api/visitor/export', { token: kept.token })).status).toBe(200)
  })
})

describe('an erasure and a message being sent meanwhile', () => {
  it('waits for the attempt under way (its claim, on any instance) before erasing the message', async () => {
    const store = createMemoryStore()
    const t = await startApp(store)
    t.service.setMessageDefault({ status: 503 })
    const who = await writeEverywhere(t, ERASED)
    // A message already sent: nobody attempts it, so its claim is free for this test.
    let item: string | undefined
    for (const key of await store.listRecords(`outbox:${who.visitorId}:client-`)) {
      const record = await store.getRecord(key, z.object({ state: z.string() }))
      if (record?.state === 'sent') item = key
    }
    if (!item) throw new Error('no sent outbox item')
    // Another instance is attempting the message: it holds the item's claim.
    expect(await store.claim(outboxLockKey(item), 60_000)).toBe(true)
    let done = false
    const erasing = erase(t, who).then((receipt) => {
      done = true
      return receipt
    })
    // A short sleep proves only that the erasure does not go on meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(done).toBe(false)
    await store.release(outboxLockKey(item ?? ''))
    expectReceipt(await erasing)
    expect(await store.listRecords(`outbox:${who.visitorId}:client-`)).toEqual([])
  })
})
