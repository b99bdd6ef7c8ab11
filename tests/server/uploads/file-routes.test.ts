import { afterEach, describe, expect, it } from 'vitest'
import { makeImage, makePdf } from './samples'
import { createUploadTestApp, type UploadTestApp } from './upload-helpers'

let t: UploadTestApp
afterEach(async () => {
  await t?.cleanup()
})

const pathOf = (url: string) => new URL(url).pathname

describe('GET /files/<id>/<name>', () => {
  it('serves a document as a download that never runs: nosniff, CSP sandbox, immutable caching', async () => {
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
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
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
