import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { createFileStore, isSharedStore } from '../../../server/uploads/create-file-store'
import { createTestConfig } from '../../support/test-config'
import { createTestApp } from '../support/test-app'

type Line = { level: string; msg: string; uploadDir?: string; bucket?: string }

function storeWith(env: Record<string, string>) {
  const lines: Line[] = []
  const config = createTestConfig({}, env)
  const files = createFileStore(
    config,
    createLogger({ write: (line) => lines.push(JSON.parse(line) as Line) }),
  )
  return { files, lines, config }
}

describe('createFileStore', () => {
  it('warns at start when the store is Redis (several instances) and attachments are in a local folder', () => {
    const { lines, config } = storeWith({
      STORE_URL: 'redis://redis.internal:6379/0',
      UPLOAD_DIR: '/var/lib/porthole/uploads',
    })
    expect(lines).toEqual([
      {
        level: 'warn',
        time: expect.any(String),
        msg: 'attachments: kept in a local folder while the store is Redis (several instances): every instance must share this folder (NFS, a shared volume), or set UPLOAD_STORE=s3, or a file uploaded through one instance is missing on the others',
        uploadDir: config.uploads.dir,
      },
    ])
    expect(
      storeWith({ STORE_URL: 'rediss://redis.internal:6380' }).lines.map((l) => l.level),
    ).toEqual(['warn'])
  })

  it('does not warn for one instance (sqlite, memory) or with the bucket', () => {
    expect(storeWith({ STORE_URL: 'sqlite:/tmp/porthole-test.db' }).lines).toEqual([])
    expect(storeWith({ STORE_URL: 'memory:' }).lines).toEqual([])
    const bucket = storeWith({
      STORE_URL: 'redis://redis.internal:6379/0',
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'chat-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-secret-secret',
    })
    expect(bucket.lines.map((l) => [l.level, l.msg, l.bucket])).toEqual([
      ['info', 'attachments: kept in an S3-compatible bucket', 'chat-files'],
    ])
    expect(JSON.stringify(bucket.lines)).not.toContain('secret-secret-secret')
  })

  it('is what the app starts with: the warning is in the start-up log', () => {
    const logs: string[] = []
    const t = createTestApp({
      config: createTestConfig({}, { STORE_URL: 'redis://redis.internal:6379/0' }),
      logger: createLogger({ write: (line) => logs.push(line) }),
    })
    t.stop()
    expect(logs.filter((line) => line.includes('"level":"warn"'))).toHaveLength(1)
    expect(logs.join('\n')).toContain(
      'attachments: kept in a local folder while the store is Redis',
    )
  })

  it('knows which store URLs are shared', () => {
    expect(isSharedStore('redis://h:6379')).toBe(true)
    expect(isSharedStore('rediss://h:6380/2')).toBe(true)
    expect(isSharedStore('sqlite:./data/porthole.db')).toBe(false)
    expect(isSharedStore('memory:')).toBe(false)
  })
})
