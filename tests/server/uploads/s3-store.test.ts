import { mkdtemp, readdir, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pruneFiles } from '../../../server/uploads/file-retention'
import type { FileStore } from '../../../server/uploads/file-store'
import { isS3StoreError } from '../../../server/uploads/s3-error'
import { createS3Store, type S3StoreOptions } from '../../../server/uploads/s3-store'
import { newFileId, type StoredFile } from '../../../server/uploads/stored-file'
import { type S3Emulator, s3ConfigOf, startS3Emulator } from '../support/s3-server'

const DAY = 86_400_000
const FAST = { baseMs: 1, maxMs: 5, jitter: 0 }

let s3: S3Emulator
let localDir = ''
beforeEach(async () => {
  s3 = await startS3Emulator()
  localDir = await mkdtemp(join(tmpdir(), 'porthole-s3-local-'))
})
afterEach(async () => {
  await s3.close()
  await rm(localDir, { recursive: true, force: true })
})

function storeOf(overrides: Partial<S3StoreOptions> = {}): FileStore {
  return createS3Store({
    ...s3ConfigOf(s3, 'chat/'),
    localDir,
    backoff: FAST,
    ...overrides,
  })
}

function storedFile(overrides: Partial<StoredFile> = {}): StoredFile {
  const visitorId = overrides.visitorId ?? 'visitor-1'
  return {
    id: newFileId(),
    visitorId,
    name: 'notes.txt',
    size: 6,
    type: 'txt',
    mime: 'text/plain; charset=utf-8',
    createdAt: 1000,
    ...overrides,
  }
}

/** A body in the store's incoming folder, as acceptUpload leaves it. */
async function incoming(store: FileStore, bytes: Uint8Array | string): Promise<string> {
  const path = join(await store.incomingDir(), `body-${Math.random().toString(36).slice(2)}`)
  await writeFile(path, bytes)
  return path
}

async function readAll(content: { stream: AsyncIterable<Buffer> } | undefined): Promise<string> {
  if (!content) throw new Error('no content')
  const chunks: Buffer[] = []
  for await (const chunk of content.stream) chunks.push(chunk)
  return Buffer.concat(chunks).toString()
}

describe('the S3 store against a signature-checking S3 emulation', () => {
  it('puts a file with its thumbnail and record, reads them back, updates and deletes them', async () => {
    const files = storeOf()
    const file = storedFile({
      name: 'cat.png',
      type: 'png',
      mime: 'image/png',
      thumbType: 'image/png',
    })
    const path = await incoming(files, 'picture')
    await files.put(file, { path, thumb: Buffer.from('small') })
    const folder = `chat/${file.id.slice(0, 16)}/${file.id.slice(16)}/`
    expect([...s3.objects.keys()].sort()).toEqual([
      `${folder}content`,
      `${folder}file.json`,
      `${folder}thumb`,
    ])
    expect(s3.objects.get(`${folder}content`)?.type).toBe('image/png')
    // Taken over: the local body is gone.
    expect(await readdir(await files.incomingDir())).toEqual([])
    expect(await files.get(file.id)).toEqual(file)
    const content = await files.open(file.id, 'file')
    expect(content?.size).toBe(7)
    expect(await readAll(content)).toBe('picture')
    const thumb = await files.open(file.id, 'thumb')
    expect(await readAll(thumb)).toBe('small')
    await files.update({ ...file, attachedAt: 2000 })
    expect((await files.get(file.id))?.attachedAt).toBe(2000)
    expect(await files.list('visitor-1')).toEqual([{ ...file, attachedAt: 2000 }])
    expect(await files.list('visitor-2')).toEqual([])
    await files.delete(file.id)
    expect(s3.objects.size).toBe(0)
    expect(await files.get(file.id)).toBeUndefined()
    expect(await files.open(file.id, 'file')).toBeUndefined()
    // Deleting again is no error.
    await files.delete(file.id)
  })

  it('does not serve bytes whose record is gone (a half-finished deletion)', async () => {
    const files = storeOf()
    const file = storedFile()
    await files.put(file, { path: await incoming(files, 'secret') })
    s3.objects.delete(`chat/${file.id.slice(0, 16)}/${file.id.slice(16)}/file.json`)
    expect(await files.open(file.id, 'file')).toBeUndefined()
  })

  it('addresses the bucket virtual-hosted too (bucket.host), signed for that host', async () => {
    const seen: string[] = []
    // The emulator on 127.0.0.1 stands for `<bucket>.s3.test`: the request goes to it, the
    // signature covers the virtual host, and the emulator checks it against that Host.
    const files = storeOf({
      endpoint: 'http://s3.test',
      forcePathStyle: false,
      fetch: async (input, init) => {
        const url = new URL(String(input))
        seen.push(url.host)
        const { request } = await import('node:http')
        return new Promise<Response>((resolve, reject) => {
          const headers = { ...(init?.headers as Record<string, string>), host: url.host }
          const req = request(
            `${s3.endpoint}${url.pathname}${url.search}`,
            { method: init?.method ?? 'GET', headers },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () =>
                resolve(
                  new Response(res.statusCode === 204 ? null : Buffer.concat(chunks), {
                    status: res.statusCode ?? 500,
                    headers: res.headers as Record<string, string>,
                  }),
                ),
              )
            },
          )
          req.on('error', reject)
          const body = init?.body
          if (body instanceof ReadableStream) {
            void (async () => {
              for await (const chunk of body as AsyncIterable<Uint8Array>) req.write(chunk)
              req.end()
            })()
          } else req.end(body as Uint8Array | undefined)
        })
      },
    })
    const file = storedFile()
    await files.put(file, { path: await incoming(files, 'hello!') })
    expect(await files.get(file.id)).toEqual(file)
    expect(new Set(seen)).toEqual(new Set([`${s3.bucket}.s3.test`]))
  })

  it('retries a 503 (SlowDown) and then succeeds', async () => {
    const files = storeOf()
    const file = storedFile()
    s3.failNext(2, 503)
    await files.put(file, { path: await incoming(files, 'hello!') })
    expect(await files.get(file.id)).toEqual(file)
    expect(s3.requests.filter((r) => r.status === 503)).toHaveLength(2)
  })

  it('leaves nothing behind when the record cannot be written, and says why', async () => {
    const files = storeOf({ retries: 1 })
    const file = storedFile()
    s3.failNext(5, 503, (method, key) => method === 'PUT' && key.endsWith('file.json'))
    const failure = await files.put(file, { path: await incoming(files, 'hello!') }).catch((e) => e)
    expect(isS3StoreError(failure)).toBe(true)
    expect(failure.code).toBe('s3_unreachable')
    expect(failure.message).toMatch(/^S3 failed the upload of chat\/.*file\.json: 503 SlowDown/)
    expect(s3.objects.size).toBe(0)
  })

  it('names the variable to check when S3 refuses the credentials or the bucket', async () => {
    const wrongSecret = storeOf({ secretAccessKey: 'not-the-secret' })
    const refused = await wrongSecret.get(newFileId()).catch((e) => e)
    expect(isS3StoreError(refused)).toBe(true)
    expect(refused.code).toBe('s3_refused')
    expect(refused.s3Code).toBe('SignatureDoesNotMatch')
    expect(refused.message).toMatch(/S3_SECRET_ACCESS_KEY/)
    const wrongBucket = await storeOf({ bucket: 'elsewhere' })
      .get(newFileId())
      .catch((e) => e)
    expect(wrongBucket.s3Code).toBe('NoSuchBucket')
    expect(wrongBucket.message).toMatch(/S3_BUCKET/)
    const wrongRegion = await storeOf({ region: 'us-east-1' })
      .get(newFileId())
      .catch((e) => e)
    expect(wrongRegion.message).toMatch(/S3_REGION/)
    const skewed = await storeOf({ now: () => Date.now() - 3_600_000 })
      .get(newFileId())
      .catch((e) => e)
    expect(skewed.s3Code).toBe('RequestTimeTooSkewed')
  })

  it('closes the local file whatever becomes of the upload (unreachable, refused)', async () => {
    const openOn = async (path: string) => {
      let count = 0
      for (const fd of await readdir('/proc/self/fd'))
        if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === path) count += 1
      return count
    }
    const unreachable = storeOf({ endpoint: 'http://127.0.0.1:9', retries: 2 })
    const first = await incoming(unreachable, Buffer.alloc(1024 * 1024, 1))
    await expect(unreachable.put(storedFile(), { path: first })).rejects.toThrow(
      /cannot be reached/,
    )
    const refused = storeOf({ secretAccessKey: 'wrong' })
    const second = await incoming(refused, Buffer.alloc(2 * 1024 * 1024, 1))
    await expect(refused.put(storedFile(), { path: second })).rejects.toThrow(
      /SignatureDoesNotMatch/,
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(await openOn(first)).toBe(0)
    expect(await openOn(second)).toBe(0)
  })

  it('reports an unreachable service as s3_unreachable after its retries', async () => {
    const files = storeOf({ endpoint: 'http://127.0.0.1:9', retries: 1 })
    const failure = await files.get(newFileId()).catch((e) => e)
    expect(isS3StoreError(failure)).toBe(true)
    expect(failure.code).toBe('s3_unreachable')
  })

  it('streams a 12 MB file from disk to a slow service: it reads only as far as the HTTP client has taken', async () => {
    const size = 12 * 1024 * 1024
    // How far the store has read the file (the upload's descriptor's position).
    let path = ''
    const readSoFar = async (): Promise<number> => {
      for (const fd of await readdir('/proc/self/fd')) {
        if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) !== path) continue
        const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '')
        const pos = /^pos:\s+(\d+)/m.exec(info)?.[1]
        if (pos !== undefined) return Number(pos)
      }
      return 0
    }
    let handed = 0
    let worstLag = 0
    // The HTTP client's side of the body: each chunk it takes is compared with how far
    // the file was read. Held whole, the lag would reach 12 MB.
    const files = storeOf({
      fetch: (input, init) => {
        const body = init?.body
        if (!(body instanceof ReadableStream)) return fetch(input, init)
        const reader = body.getReader()
        const watched = new ReadableStream<Uint8Array>(
          {
            async pull(controller) {
              const { value, done } = await reader.read()
              if (done) {
                controller.close()
                return
              }
              handed += value.byteLength
              worstLag = Math.max(worstLag, (await readSoFar()) - handed)
              controller.enqueue(value)
            },
          },
          { highWaterMark: 0 },
        )
        return fetch(input, { ...init, body: watched, duplex: 'half' } as RequestInit)
      },
    })
    path = await incoming(files, Buffer.alloc(size, 0x61))
    s3.pauseUploads()
    const putting = files.put(storedFile({ size }), { path })
    await new Promise((r) => setTimeout(r, 300))
    // The slow service has taken nothing: the client holds what the socket could take.
    expect(handed).toBeLessThan(size)
    s3.resumeUploads()
    await putting
    expect(handed).toBe(size)
    expect(worstLag).toBeLessThanOrEqual(256 * 1024)
    const content = [...s3.objects.entries()].find(([key]) => key.endsWith('/content'))
    expect(content?.[1].size).toBe(size)
    expect((await s3.bytesOf(content?.[0] ?? '')).equals(Buffer.alloc(size, 0x61))).toBe(true)
  })
})

describe('retention in the bucket', () => {
  it('deletes 150 expired files of 30 conversations across listing pages and keeps the young ones', async () => {
    s3.maxKeys = 37
    const files = storeOf()
    const kept: string[] = []
    for (let n = 0; n < 180; n += 1) {
      const visitorId = `visitor-${n % 30}`
      const old = n < 150
      const file = storedFile({
        id: newFileId(),
        visitorId,
        createdAt: old ? 0 : 40 * DAY,
        attachedAt: old ? 1 : 40 * DAY,
      })
      await files.put(file, { path: await incoming(files, `file ${n}`) })
      if (!old) kept.push(file.id)
    }
    expect(s3.objects.size).toBe(360)
    const dropped = await pruneFiles(files, 45 * DAY, { maxAgeMs: 30 * DAY })
    expect(dropped).toBe(150)
    expect(s3.objects.size).toBe(60)
    const left: string[] = []
    for await (const file of files.all()) left.push(file.id)
    expect(left.sort()).toEqual(kept.sort())
  })

  it('drops objects a crash left without their record once they are stale, and stale local bodies', async () => {
    const files = storeOf()
    const file = storedFile()
    await files.put(file, { path: await incoming(files, 'whole') })
    // A crash between the bytes and the record: content and thumb, no file.json.
    const orphan = newFileId()
    const folder = `chat/${orphan.slice(0, 16)}/${orphan.slice(16)}/`
    const hoursAgo = Date.now() - 2 * 3_600_000
    await s3.seed(`${folder}content`, 'bytes', hoursAgo)
    await s3.seed(`${folder}thumb`, 'thumb', hoursAgo)
    // A fresh one (an upload in progress) and someone else's object stay.
    const young = newFileId()
    await s3.seed(`chat/${young.slice(0, 16)}/${young.slice(16)}/content`, 'uploading')
    await s3.seed('chat/readme.txt', 'not ours', 0)
    const stale = await incoming(files, 'half a body')
    await utimes(stale, new Date(0), new Date(0))
    const dropped = await files.dropIncoming(Date.now() - 3_600_000)
    expect(dropped).toBe(2)
    expect(s3.objects.has(`${folder}content`)).toBe(false)
    expect(s3.objects.has(`${folder}thumb`)).toBe(false)
    expect(s3.objects.has(`chat/${young.slice(0, 16)}/${young.slice(16)}/content`)).toBe(true)
    expect(s3.objects.has('chat/readme.txt')).toBe(true)
    expect(await files.get(file.id)).toEqual(file)
    expect(await readdir(await files.incomingDir())).toEqual([])
  })
})
