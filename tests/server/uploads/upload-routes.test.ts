import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import {
  imagesInProgress,
  MAX_CONCURRENT_IMAGES,
  MAX_IMAGE_PIXELS,
} from '../../../server/uploads/process-image'
import { ErrorBody } from '../../../shared/protocol/errors'
import {
  createUploadTestApp,
  expectRefusedUpload,
  generatedBody,
  type UploadTestApp,
  uploadLarge,
} from '../support/upload-app'
import { makeExecutable, makeImage, makePdf, makeSamples } from '../support/upload-samples'

let t: UploadTestApp
afterEach(async () => {
  await t?.cleanup()
})

async function errorOf(res: Response) {
  return ErrorBody.parse(await res.json()).error
}

/** A fresh app (cleaned up after the test) as `t`, and the token of a new visitor on it. */
async function newVisitorApp(): Promise<string> {
  t = await createUploadTestApp()
  return (await t.newVisitor()).token
}

/** The path part of a file URL, for app.request. */
function pathOf(url: string): string {
  return new URL(url).pathname
}

describe('POST /api/uploads', () => {
  it('takes each accepted type, made for real, and serves it back', async () => {
    const token = await newVisitorApp()
    for (const [name, type, bytes] of await makeSamples()) {
      const file = await t.uploadOk(token, name, type, bytes)
      expect(file.name).toBe(name)
      expect(file.url).toBe(`http://porthole.test/files/${file.id}/${encodeURIComponent(name)}`)
      expect(file.type.split(';')[0]).toBe(type)
      const served = await t.app.request(pathOf(file.url))
      expect(served.status, name).toBe(200)
      const body = Buffer.from(await served.arrayBuffer())
      expect(body.length).toBe(file.size)
      if (type.startsWith('image/')) {
        // Re-encoded (no metadata), the same picture.
        const meta = await sharp(body).metadata()
        expect([meta.width, meta.height]).toEqual([64, 48])
        expect([file.width, file.height]).toEqual([64, 48])
        expect(file.thumb).toBe(`http://porthole.test/files/${file.id}/thumb`)
      } else {
        expect(body.equals(bytes)).toBe(true)
        expect(file.thumb).toBeUndefined()
        expect(file.width).toBeUndefined()
      }
    }
  })

  it('makes a 320 px wide thumbnail of a large photo and keeps its size', async () => {
    const token = await newVisitorApp()
    const file = await t.uploadOk(
      token,
      'wide.jpg',
      'image/jpeg',
      await makeImage('jpeg', 1600, 1200),
    )
    expect([file.width, file.height]).toEqual([1600, 1200])
    const thumb = await t.app.request(pathOf(file.thumb ?? ''))
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([320, 240])
  })

  it('applies the orientation and strips EXIF with its GPS position from what is served', async () => {
    const token = await newVisitorApp()
    // 64×48 stored, orientation 6 (rotate 90°): shown 48×64. Camera GPS in the EXIF.
    const original = await sharp(await makeImage('jpeg'))
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PortholeCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '52/1 31/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '13/1 24/1 0/1',
          GPSMapDatum: 'PORTHOLE-GPS-DATUM',
        },
      })
      .jpeg()
      .toBuffer()
    const before = await sharp(original).metadata()
    expect(before.orientation).toBe(6)
    expect(original.includes(Buffer.from('PORTHOLE-GPS-DATUM'))).toBe(true)
    expect(original.includes(Buffer.from('PortholeCam'))).toBe(true)
    const file = await t.uploadOk(token, 'holiday.jpg', 'image/jpeg', original)
    const served = Buffer.from(await (await t.app.request(pathOf(file.url))).arrayBuffer())
    const after = await sharp(served).metadata()
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect(served.includes(Buffer.from('PortholeCam'))).toBe(false)
    expect(served.includes(Buffer.from('PORTHOLE-GPS-DATUM'))).toBe(false)
    expect([after.width, after.height]).toEqual([48, 64])
    expect([file.width, file.height]).toEqual([48, 64])
  })

  it('refuses a declared type that is not the named one (415), before reading the body', async () => {
    const token = await newVisitorApp()
    const res = await t.upload(token, 'invoice.pdf', 'image/png', makePdf())
    expect(res.status).toBe(415)
    expect((await errorOf(res)).code).toBe('type_mismatch')
    const image = await t.upload(token, 'invoice.pdf', 'application/pdf', await makeImage('png'))
    expect(image.status).toBe(415)
    expect((await errorOf(image)).message).toContain('its content is a PNG image')
  })

  it.each([
    [
      'a decompression bomb (more pixels than the limit) with 422',
      {
        name: 'bomb.png',
        type: 'image/png',
        body: async () => {
          // 8000×8000 = 64 MP of one colour: a PNG of a few hundred KB.
          expect(8000 * 8000).toBeGreaterThan(MAX_IMAGE_PIXELS)
          return sharp({
            create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
            limitInputPixels: false,
          })
            .png({ compressionLevel: 9 })
            .toBuffer()
        },
        status: 422,
        error: {
          code: 'image_too_large',
          message: 'The image has more than 40 million pixels: send a smaller one.',
        },
      },
    ],
    [
      'an executable named cute-cat.png with 415',
      {
        name: 'cute-cat.png',
        type: 'image/png',
        body: makeExecutable,
        status: 415,
        error: {
          code: 'type_mismatch',
          message:
            '"cute-cat.png" is a program, not what its name says: programs are never accepted.',
        },
      },
    ],
    [
      'a type that is not accepted with 415',
      {
        name: 'setup.exe',
        type: 'application/octet-stream',
        body: makeExecutable,
        status: 415,
        error: { code: 'unsupported_type' },
      },
    ],
    [
      'a missing name with 400',
      {
        name: undefined,
        type: 'application/pdf',
        body: makePdf,
        status: 400,
        error: { code: 'invalid_file_name' },
      },
    ],
    [
      'an empty file with 400',
      {
        name: 'empty.txt',
        type: 'text/plain',
        body: () => new Uint8Array(),
        status: 400,
        error: { code: 'empty_file' },
      },
    ],
  ])('refuses %s and keeps nothing', async (_what, { name, type, body, status, error }) => {
    const token = await newVisitorApp()
    const res = await t.upload(token, name, type, await body())
    await expectRefusedUpload(t, res, status, error)
  })

  it('stores the sanitised name: no path, no bidi override', async () => {
    const token = await newVisitorApp()
    const file = await t.uploadOk(
      token,
      '../../etc/\u202eevil\u0007 notes.txt',
      'text/plain',
      Buffer.from('hi\n'),
    )
    expect(file.name).toBe('evil notes.txt')
    expect((await t.app.request(pathOf(file.url))).status).toBe(200)
  })

  it('needs the visitor token', async () => {
    t = await createUploadTestApp()
    const res = await t.app.request('/api/uploads?name=a.pdf', {
      method: 'POST',
      headers: { origin: 'https://shop.example', 'content-type': 'application/pdf' },
      body: Uint8Array.from(makePdf()),
    })
    expect(res.status).toBe(401)
    expect(await t.filesOnDisk()).toEqual([])
  })

  it('is rate-limited per visitor (429 with Retry-After), other visitors unaffected', async () => {
    t = await createUploadTestApp({ perVisitorPerMinute: 3 })
    const first = await t.newVisitor()
    const second = await t.newVisitor()
    for (let i = 0; i < 3; i += 1)
      await t.uploadOk(first.token, `n${i}.txt`, 'text/plain', Buffer.from('x'))
    const refused = await t.upload(first.token, 'n4.txt', 'text/plain', Buffer.from('x'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await t.uploadOk(second.token, 'other.txt', 'text/plain', Buffer.from('x'))
  })
})

describe('upload size', () => {
  it('streams a 10 MB file to disk and stores it whole', async () => {
    const token = await newVisitorApp()
    const size = 10 * 1024 * 1024
    const file = await uploadLarge(t, token, size)
    expect(file.size).toBe(size)
    const served = await t.app.request(pathOf(file.url))
    expect(Number(served.headers.get('content-length'))).toBe(size)
    expect((await served.arrayBuffer()).byteLength).toBe(size)
  })

  it('refuses 11 MB while streaming (413) and leaves no partial file', async () => {
    const token = await newVisitorApp()
    const res = await t.upload(
      token,
      'big.pdf',
      'application/pdf',
      generatedBody(11 * 1024 * 1024, makePdf()),
    )
    await expectRefusedUpload(t, res, 413, {
      code: 'payload_too_large',
      message: 'The file is larger than 10 MB: send a smaller one.',
    })
  })

  it('refuses a declared Content-Length over the limit before reading', async () => {
    t = await createUploadTestApp({ maxBytes: 1024 })
    const { token } = await t.newVisitor()
    const res = await t.app.request('/api/uploads?name=a.txt', {
      method: 'POST',
      headers: {
        origin: 'https://shop.example',
        authorization: `Bearer ${token}`,
        'content-type': 'text/plain',
        'content-length': '2048',
      },
      body: 'x'.repeat(2048),
    })
    expect(res.status).toBe(413)
  })
})

describe('images at once', () => {
  it('processes 12 photos sent together, each whole, at most two decoded at a time', async () => {
    const token = await newVisitorApp()
    const photo = await makeImage('jpeg', 800, 600)
    let most = 0
    const sampler = setInterval(() => {
      most = Math.max(most, imagesInProgress())
    }, 1)
    const files = await Promise.all(
      Array.from({ length: 12 }, (_, n) => t.uploadOk(token, `p${n}.jpg`, 'image/jpeg', photo)),
    )
    clearInterval(sampler)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_IMAGES)
    expect(new Set(files.map((file) => file.id)).size).toBe(12)
    for (const file of files) expect([file.width, file.height]).toEqual([800, 600])
  })
})
