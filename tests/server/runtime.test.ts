import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../server/app'
import { startTestServer, type TestServer } from './support/test-server'

// Retention's first pass runs beside the server's start, never before it: a bucket that
// does not answer (UPLOAD_STORE=s3 behind a dead route) must not hold up serving.

/** A TCP endpoint that accepts connections and never answers a byte. */
async function silentBucket(): Promise<{
  endpoint: string
  connections: () => number
  close(): Promise<void>
}> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server: Server = createServer((socket) => {
    accepted += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('runtime start', () => {
  it('returns without waiting for retention when the bucket never answers; the server serves /healthz', async () => {
    const bucket = await silentBucket()
    cleanups.push(() => bucket.close())
    const dir = mkdtempSync(join(tmpdir(), 'porthole-runtime-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const server: TestServer = await startTestServer({
      env: {
        RETENTION_START_DELAY_SECONDS: '0',
        UPLOAD_STORE: 's3',
        UPLOAD_DIR: dir,
        S3_ENDPOINT: bucket.endpoint,
        S3_FORCE_PATH_STYLE: '1',
        S3_REGION: 'eu-test-1',
        S3_BUCKET: 'never-answers',
        S3_ACCESS_KEY_ID: 'AKIDPORTHOLETEST',
        S3_SECRET_ACCESS_KEY: 'porthole/test+secret/0123456789abcdef',
      },
    })
    cleanups.push(() => server.close())
    // startServer resolved (it awaits runtime.start()), and said so.
    expect(server.logs.some((line) => line.includes('"msg":"listening"'))).toBe(true)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    // The first pass is under way, held by the silent bucket.
    const firstPass = runtimeOf(server.app).retention.firstPass
    expect(firstPass).toBeDefined()
    const settled = await Promise.race([
      firstPass?.then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 200)),
    ])
    expect(settled).toBe('waiting')
    expect(bucket.connections()).toBeGreaterThan(0)
    // A pass asked for meanwhile is the same one, not a second on top of it.
    expect(runtimeOf(server.app).retention.run()).toBe(firstPass)
  })
})
