import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { AppDeps } from '../../../server/app-deps'
import type { UploadStore } from '../../../server/config/config'
import { ErrorBody } from '../../../shared/protocol/errors'
import { UPLOAD_TYPE_NAMES } from '../../../shared/upload-types'
import { type UploadedFile, UploadResponse } from '../../../shared/widget-api'
import { createTestConfig } from '../../support/test-config'
import { createClientId, createTestApp, type TestApp } from './test-app'
import { makePdf } from './upload-samples'

export type UploadTestApp = TestApp & {
  dir: string
  upload(
    token: string,
    name: string | undefined,
    type: string | undefined,
    body: Uint8Array | ReadableStream<Uint8Array>,
  ): Promise<Response>
  uploadOk(token: string, name: string, type: string, body: Uint8Array): Promise<UploadedFile>
  /** Every file under the upload folder (relative paths). */
  filesOnDisk(): Promise<string[]>
  cleanup(): Promise<void>
}

/** A test app whose uploads go to a fresh temporary folder. */
export async function createUploadTestApp(
  uploads: {
    maxBytes?: number
    perVisitorPerMinute?: number
    perIpPerMinute?: number
    /** Default: the folder. */
    store?: UploadStore
  } = {},
  overrides: Omit<Partial<AppDeps>, 'config'> = {},
  env: Record<string, string> = {},
): Promise<UploadTestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'porthole-uploads-'))
  const config = createTestConfig(
    {
      uploads: {
        maxBytes: uploads.maxBytes ?? 10 * 1024 * 1024,
        types: [...UPLOAD_TYPE_NAMES],
        dir,
        store: uploads.store ?? { kind: 'folder' },
        perVisitorPerMinute: uploads.perVisitorPerMinute ?? 1000,
        perIpPerMinute: uploads.perIpPerMinute ?? 10_000,
      },
    },
    env,
  )
  const t = createTestApp({ config, ...overrides })
  async function upload(
    token: string,
    name: string | undefined,
    type: string | undefined,
    body: Uint8Array | ReadableStream<Uint8Array>,
  ) {
    const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`
    const headers: Record<string, string> = {
      origin: 'https://shop.example',
      authorization: `Bearer ${token}`,
    }
    if (type !== undefined) headers['content-type'] = type
    // A stream body needs `duplex` (undici), which RequestInit's type does not list yet.
    const init: RequestInit & { duplex?: 'half' } = {
      method: 'POST',
      headers,
      body: body instanceof ReadableStream ? body : Uint8Array.from(body),
    }
    if (body instanceof ReadableStream) init.duplex = 'half'
    return t.app.request(`/api/uploads${query}`, init)
  }
  return {
    ...t,
    dir,
    upload,
    async uploadOk(token, name, type, body) {
      const res = await upload(token, name, type, body)
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
      return UploadResponse.parse(await res.json()).file
    },
    async filesOnDisk() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true })
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    },
    async cleanup() {
      t.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** Uploads a text file of `size` bytes, streamed as it is made; it must be accepted (201). */
export async function uploadLarge(
  app: UploadTestApp,
  token: string,
  size: number,
): Promise<{ url: string; size: number }> {
  const res = await app.upload(
    token,
    'big.txt',
    'text/plain',
    generatedBody(size, Buffer.from('start\n')),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { file: { url: string; size: number } }).file
}

/** A body of `size` bytes, made 64 KB at a time as it is read (never held whole). */
export function generatedBody(
  size: number,
  first: Uint8Array,
  fill = 0x41,
): ReadableStream<Uint8Array> {
  const CHUNK = 64 * 1024
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) {
        controller.close()
        return
      }
      const length = Math.min(CHUNK, size - sent)
      const chunk = new Uint8Array(length).fill(fill)
      if (sent === 0) chunk.set(first.subarray(0, length))
      sent += length
      controller.enqueue(chunk)
    },
  })
}

/** Sends the uploaded file `fileId` (with `text`, if any) with POST /api/messages: its client id and the response. */
export async function sendFile(app: UploadTestApp, token: string, fileId: string, text?: string) {
  const id = createClientId()
  const res = await app.request('/api/messages', {
    token,
    body: { id, type: 'file', fileId, ...(text ? { text } : {}) },
  })
  return { id, res }
}

/** The spec 2.4 photo the service gets for an uploaded image, as the test expects it to be named and sized. */
export function photoOf(
  file: UploadedFile,
  expected: { id: string; name: string; width: number; height: number },
) {
  const { id, name, width, height } = expected
  return {
    type: 'photo',
    id,
    file: file.url,
    file_name: name,
    file_size: file.size,
    thumb: file.thumb,
    width,
    height,
  }
}

/**
 * POST /api/uploads of a PDF (`body`, a small valid one unless given) from the address
 * `ip`, behind one proxy (TRUST_PROXY=1: the client is the last X-Forwarded-For entry).
 */
export function uploadFrom(
  app: UploadTestApp,
  token: string,
  ip: string,
  body: Buffer = makePdf(),
  name = 'a.pdf',
) {
  return app.app.request(`/api/uploads?name=${name}`, {
    method: 'POST',
    headers: {
      origin: 'https://shop.example',
      authorization: `Bearer ${token}`,
      'content-type': 'application/pdf',
      'x-forwarded-for': ip,
    },
    body: Uint8Array.from(body),
  })
}

/**
 * An upload refused with `status` and an error that has `error`'s fields (a message
 * may be `expect.stringMatching(...)`), and no file left on the disk.
 */
export async function expectRefusedUpload(
  app: UploadTestApp,
  res: Response,
  status: number,
  error: { code: string; message?: unknown },
): Promise<void> {
  expect(res.status).toBe(status)
  expect(ErrorBody.parse(await res.json()).error).toMatchObject(error)
  expect(await app.filesOnDisk()).toEqual([])
}
