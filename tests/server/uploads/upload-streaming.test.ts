import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { UPLOAD_TYPE_NAMES } from '../../../shared/upload-types'
import { createTestConfig } from '../../support/test-config'
import { startTestServer, type TestServer } from '../support/test-server'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { makePdf } from '../support/upload-samples'

const CHUNK = 64 * 1024
const SIZE = 10 * 1024 * 1024

let t: UploadTestApp | undefined
let server: TestServer | undefined
let dir = ''
afterEach(async () => {
  await t?.cleanup()
  await server?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
  t = undefined
  server = undefined
  dir = ''
})

async function bytesIncoming(uploadDir: string): Promise<number> {
  const incoming = join(uploadDir, '.incoming')
  let total = 0
  for (const name of await readdir(incoming).catch(() => [])) {
    total += (await stat(join(incoming, name)).catch(() => ({ size: 0 }))).size
  }
  return total
}

/** A server on a real socket whose uploads (up to SIZE) go to a fresh folder: a visitor's token. */
async function startFolderServer(): Promise<{ token: string }> {
  dir = await mkdtemp(join(tmpdir(), 'porthole-uploads-'))
  server = await startTestServer({
    config: createTestConfig({
      uploads: {
        maxBytes: SIZE,
        types: [...UPLOAD_TYPE_NAMES],
        dir,
        store: { kind: 'folder' },
        perVisitorPerMinute: 100,
        perIpPerMinute: 100,
      },
    }),
  })
  const session = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
    body: '{}',
  })
  return (await session.json()) as { token: string }
}

describe('an upload is streamed, never held whole', () => {
  it('writes each chunk to disk before it takes more: at most a few chunks in memory', async () => {
    t = await createUploadTestApp()
    const app = t
    const { token } = await app.newVisitor()
    let pulled = 0
    let worstLag = 0
    const head = makePdf()
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (pulled >= SIZE) {
            controller.close()
            return
          }
          // How far the disk is behind what was handed over so far.
          const lag = pulled - (await bytesIncoming(app.dir))
          worstLag = Math.max(worstLag, lag)
          const chunk = new Uint8Array(Math.min(CHUNK, SIZE - pulled)).fill(0x20)
          if (pulled === 0) chunk.set(head)
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      },
      { highWaterMark: 0 },
    )
    const res = await app.upload(token, 'big.pdf', 'application/pdf', body)
    expect(res.status).toBe(201)
    expect(pulled).toBe(SIZE)
    // Buffered whole, the lag would reach the whole 10 MB.
    expect(worstLag).toBeLessThanOrEqual(4 * CHUNK)
  })

  it('over a real socket, the disk keeps up with the client: the body is written as it comes', async () => {
    const { token } = await startFolderServer()
    let sent = 0
    // How far the disk is behind the client, sampled while it sends.
    let worstLag = 0
    let sampling = true
    const sample = async () => {
      while (sampling) {
        // Until the last chunk is out: then the file moves out of .incoming.
        const before = sent
        const written = await bytesIncoming(dir)
        if (before < SIZE && sent < SIZE) worstLag = Math.max(worstLag, before - written)
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
    }
    const sampler = sample()
    const source = new Readable({
      read() {
        if (sent >= SIZE) {
          this.push(null)
          return
        }
        // A client on a real line: a chunk per 2 ms (about 30 MB/s), so the socket's own
        // buffers stay nearly empty and any lag is the server's. One chunk reused.
        setTimeout(() => {
          sent += CHUNK
          this.push(
            sent === CHUNK
              ? Buffer.concat([makePdf(), Buffer.alloc(CHUNK - makePdf().length, 0x20)])
              : FILLER,
          )
        }, 2)
      },
    })
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server?.url}/api/uploads?name=big.pdf`,
        {
          method: 'POST',
          headers: {
            origin: 'https://shop.example',
            authorization: `Bearer ${token}`,
            'content-type': 'application/pdf',
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      source.pipe(req)
    })
    sampling = false
    await sampler
    expect(status).toBe(201)
    console.info(
      `10 MB upload over HTTP: the disk was at most ${(worstLag / 1024).toFixed(0)} KB behind the client`,
    )
    // Socket buffers hold some; a server holding the body would fall 10 MB behind.
    expect(worstLag).toBeLessThan(SIZE / 4)
  })

  it('over a real socket, 11 MB get a 413 answer (not a reset connection) and leave no file', async () => {
    const { token } = await startFolderServer()
    let sent = 0
    const source = new Readable({
      read() {
        if (sent >= SIZE + 1024 * 1024) {
          this.push(null)
          return
        }
        sent += CHUNK
        this.push(FILLER)
      },
    })
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server?.url}/api/uploads?name=big.txt`,
        {
          method: 'POST',
          headers: {
            origin: 'https://shop.example',
            authorization: `Bearer ${token}`,
            'content-type': 'text/plain',
          },
        },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            body += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      source.pipe(req)
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } })
    const left = await readdir(dir, { recursive: true })
    expect(left.filter((name) => name !== '.incoming')).toEqual([])
  })
})

const FILLER = Buffer.alloc(CHUNK, 0x20)
