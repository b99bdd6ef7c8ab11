import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { legacyConversationKeyOf, type StoredFile } from '../../../server/uploads/stored-file'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { makeImage, makePdf } from '../support/upload-samples'

let t: UploadTestApp
afterEach(async () => {
  await t?.cleanup()
})

const pathOf = (url: string) => new URL(url).pathname

describe('GET /files/<id>/<name>', () => {
  it('serves a document as a download that never runs: nosniff, CSP sandbox, private caching', async () => {
    t = await createUploadTestApp()
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'Счёт "май".pdf', 'application/pdf', makePdf())
    const res = await t.app.request(pathOf(file.url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(file.name).toBe('Счёт _май_.pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____ _____.pdf"; filename*=UTF-8''${encodeURIComponent('Счёт _май_.pdf')}`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    // Private, and no longer than retention keeps it (30 days).
    expect(res.headers.get('cache-control')).toMatch(
      /^private, max-age=(2592000|2591999), immutable$/,
    )
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(Buffer.from(await res.arrayBuffer()).equals(makePdf())).toBe(true)
  })

  it('shows images inline, text as UTF-8 text, and serves an image thumbnail', async () => {
    t = await createUploadTestApp()
    const { token } = await t.newVisitor()
    const image = await t.uploadOk(token, 'cat.webp', 'image/webp', await makeImage('webp'))
    const res = await t.app.request(pathOf(image.url))
    expect(res.headers.get('content-disposition')?.startsWith('inline; ')).toBe(true)
    expect(res.headers.get('content-type')).toBe('image/webp')
    const thumb = await t.app.request(pathOf(image.thumb ?? ''))
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const text = await t.uploadOk(token, 'notes.txt', 'text/plain', Buffer.from('hi\n'))
    const served = await t.app.request(pathOf(text.url))
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(served.headers.get('content-disposition')?.startsWith('attachment; ')).toBe(true)
  })

  it('answers 404 for an unknown id, a malformed id, another name, and a thumb of a document', async () => {
    t = await createUploadTestApp()
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'a.pdf', 'application/pdf', makePdf())
    const unknown = `${file.id.slice(0, 16)}${'0'.repeat(32)}`
    for (const path of [
      `/files/${unknown}/a.pdf`,
      '/files/..%2F..%2Fetc/passwd',
      `/files/${file.id}/b.pdf`,
      `/files/${file.id}/thumb`,
    ]) {
      const res = await t.app.request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('file URLs and their caching', () => {
  it('a URL says nothing about its owner: no hash of the visitor id, nothing shared between their files', async () => {
    t = await createUploadTestApp()
    const { token, visitorId } = await t.newVisitor()
    const first = await t.uploadOk(token, 'a.pdf', 'application/pdf', makePdf())
    const second = await t.uploadOk(token, 'b.pdf', 'application/pdf', makePdf())
    for (const file of [first, second]) {
      expect(file.id).toMatch(/^[0-9a-f]{48}$/)
      expect(file.url).not.toContain(legacyConversationKeyOf(visitorId))
    }
    expect(first.id.slice(0, 16)).not.toBe(second.id.slice(0, 16))
  })

  it('caches privately for what is left of retention, and not at all once it is past', async () => {
    let now = Date.now()
    t = await createUploadTestApp({}, { now: () => now })
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'a.pdf', 'application/pdf', makePdf())
    const DAY = 86_400
    now += 10 * DAY * 1000
    const later = await t.app.request(pathOf(file.url))
    expect(later.headers.get('cache-control')).toBe(`private, max-age=${20 * DAY}, immutable`)
    now += 25 * DAY * 1000
    const past = await t.app.request(pathOf(file.url))
    expect(past.headers.get('cache-control')).toBe('private, max-age=0, immutable')
  })

  it('caches no longer than RETENTION_FILES_DAYS keeps the file, whatever RETENTION_DAYS says', async () => {
    t = await createUploadTestApp({}, {}, { RETENTION_DAYS: '90', RETENTION_FILES_DAYS: '7' })
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'a.pdf', 'application/pdf', makePdf())
    const res = await t.app.request(pathOf(file.url))
    expect(res.headers.get('cache-control')).toMatch(
      /^private, max-age=(604800|604799), immutable$/,
    )
  })

  it('still serves a file stored under the old URL scheme (SHA-256 of the visitor id)', async () => {
    t = await createUploadTestApp()
    const { visitorId } = await t.newVisitor()
    const files = runtimeOf(t.app).files
    const stored: StoredFile = {
      id: `${legacyConversationKeyOf(visitorId)}${randomBytes(16).toString('hex')}`,
      visitorId,
      name: 'old.pdf',
      size: makePdf().byteLength,
      type: 'pdf',
      mime: 'application/pdf',
      createdAt: Date.now(),
      attachedAt: Date.now(),
    }
    const path = join(await files.incomingDir(), 'old')
    await writeFile(path, makePdf())
    await files.put(stored, { path })
    const res = await t.app.request(`/files/${stored.id}/old.pdf`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(makePdf())).toBe(true)
    expect(await files.list(visitorId)).toEqual([stored])
  })
})
