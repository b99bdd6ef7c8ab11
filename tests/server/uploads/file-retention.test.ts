import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { isExpired, pruneFiles } from '../../../server/uploads/file-retention'
import { createFolderStore } from '../../../server/uploads/folder-store'
import { newFileId, type StoredFile } from '../../../server/uploads/stored-file'
import { createClientId } from '../support/test-app'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { makePdf } from '../support/upload-samples'

const DAY = 86_400_000
const RETENTION = { maxAgeMs: 30 * DAY }

function storedFile(overrides: Partial<StoredFile> = {}): StoredFile {
  return {
    id: newFileId(),
    visitorId: 'visitor-1',
    name: 'a.txt',
    size: 2,
    type: 'txt',
    mime: 'text/plain; charset=utf-8',
    createdAt: 0,
    ...overrides,
  }
}

describe('isExpired', () => {
  it('keeps a sent file as long as the conversation, an unsent upload a day', () => {
    const sent = storedFile({ attachedAt: 1 })
    const unsent = storedFile()
    expect(isExpired(sent, 29 * DAY, RETENTION)).toBe(false)
    expect(isExpired(sent, 30 * DAY + 1, RETENTION)).toBe(true)
    expect(isExpired(unsent, DAY, RETENTION)).toBe(false)
    expect(isExpired(unsent, DAY + 1, RETENTION)).toBe(true)
  })
})

describe('pruneFiles with the folder store', () => {
  let dir = ''
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('deletes 1000 expired files of 200 conversations and keeps the young ones', async () => {
    dir = await mkdtemp(join(tmpdir(), 'porthole-retention-'))
    const files = createFolderStore(dir)
    const incoming = await files.incomingDir()
    const { writeFile } = await import('node:fs/promises')
    const kept: string[] = []
    for (let n = 0; n < 1200; n += 1) {
      const visitorId = `visitor-${n % 200}`
      const old = n < 1000
      const file = storedFile({
        id: newFileId(),
        visitorId,
        createdAt: old ? 0 : 40 * DAY,
        attachedAt: old ? 1 : 40 * DAY,
      })
      const path = join(incoming, file.id)
      await writeFile(path, 'hi')
      await files.put(file, { path })
      if (!old) kept.push(file.id)
    }
    expect(await pruneFiles(files, 41 * DAY, RETENTION)).toBe(1000)
    const left: string[] = []
    for await (const file of files.all()) left.push(file.id)
    expect(left.sort()).toEqual(kept.sort())
    expect(await files.list('visitor-0')).toHaveLength(1)
  })
})

describe('retention in the running app', () => {
  let t: UploadTestApp | undefined
  afterEach(async () => {
    await t?.cleanup()
  })

  it('deletes a visitor’s sent files with their conversation’s age and unsent ones after a day', async () => {
    let now = Date.now()
    // The clock moves forward steadily (as far as the monotonic one); the first pass at start.
    t = await createUploadTestApp(
      {},
      { now: () => now, monotonic: () => now },
      { RETENTION_START_DELAY_SECONDS: '0' },
    )
    const { token } = await t.newVisitor()
    const sent = await t.uploadOk(token, 'sent.pdf', 'application/pdf', makePdf())
    const unsent = await t.uploadOk(token, 'unsent.pdf', 'application/pdf', makePdf())
    const post = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'file', fileId: sent.id },
    })
    expect(post.status).toBe(200)
    const runtime = runtimeOf(t.app)
    const served = async (url: string) => (await t?.app.request(new URL(url).pathname))?.status

    now += DAY + 1000
    await runtime.start()
    await runtime.retention.firstPass
    expect(await served(unsent.url)).toBe(404)
    expect(await served(sent.url)).toBe(200)

    now += t.deps.config.retention.maxAgeMs
    await runtime.retention.run()
    expect(await served(sent.url)).toBe(404)
    expect(await t.filesOnDisk()).toEqual([])
  })
})

describe('bodies left half received by a crash', () => {
  let dir = ''
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('are deleted once untouched for an hour; one being received is left alone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'porthole-incoming-'))
    const files = createFolderStore(dir)
    const incoming = await files.incomingDir()
    const { utimes, writeFile, readdir } = await import('node:fs/promises')
    await writeFile(join(incoming, 'crashed'), 'half a body')
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000)
    await utimes(join(incoming, 'crashed'), twoHoursAgo, twoHoursAgo)
    await writeFile(join(incoming, 'arriving'), 'still coming')
    await pruneFiles(files, Date.now(), RETENTION)
    expect(await readdir(incoming)).toEqual(['arriving'])
  })
})
