import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UPLOAD_TYPES } from '../../../server/uploads/file-types'
import { createImageQueue } from '../../../server/uploads/image-queue'
import { MAX_FRAMES, processImage } from '../../../server/uploads/process-image'
import { isUploadError } from '../../../server/uploads/upload-error'
import { ErrorBody } from '../../../shared/protocol/errors'
import { createUploadTestApp, expectRefusedUpload, type UploadTestApp } from '../support/upload-app'

/** An animation of `frames` frames, `width` × `height` each. */
async function makeAnimation(
  format: 'webp' | 'gif',
  frames: number,
  width = 20,
  height = 10,
): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, n) =>
      sharp({
        create: { width, height, channels: 3, background: { r: (n * 37) % 256, g: 0, b: 0 } },
      })
        .png()
        .toBuffer(),
    ),
  )
  const joined = sharp(pages, { join: { animated: true } })
  return format === 'webp' ? joined.webp().toBuffer() : joined.gif().toBuffer()
}

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'porthole-image-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function run(
  bytes: Buffer,
  format: 'webp' | 'gif',
  work: Parameters<typeof processImage>[3],
) {
  const input = join(dir, 'in')
  await writeFile(input, bytes)
  return processImage(input, join(dir, 'out'), UPLOAD_TYPES[format], work).catch((error) => error)
}

describe('bounds of one image', () => {
  it('keeps an animation within the frame and pixel bounds, frames and all', async () => {
    const image = await run(await makeAnimation('webp', 5), 'webp', {
      limits: { maxFrames: 5, maxAnimationPixels: 1000 },
    })
    expect(isUploadError(image)).toBe(false)
    expect(image).toMatchObject({ width: 20, height: 10 })
    const stored = await sharp(join(dir, 'out'), { animated: true }).metadata()
    expect(stored.pages).toBe(5)
  })

  it.each(['webp', 'gif'] as const)(
    'refuses a %s animation with more frames than allowed before decoding it (image_too_complex)',
    async (format) => {
      const refused = await run(await makeAnimation(format, 5), format, {
        limits: { maxFrames: 4 },
      })
      expect(isUploadError(refused) && refused.code).toBe('image_too_complex')
      expect(refused.message).toBe(
        'The animation has 5 frames, more than 4: send a shorter one, a video, or a still image.',
      )
      expect(await readdir(dir)).toEqual(['in'])
    },
  )

  it('refuses an animation with more pixels in all its frames than allowed', async () => {
    // 20 × 10 × 5 = 1000 pixels.
    const refused = await run(await makeAnimation('webp', 5), 'webp', {
      limits: { maxAnimationPixels: 999 },
    })
    expect(isUploadError(refused) && refused.code).toBe('image_too_complex')
    expect(refused.message).toMatch(/^The animation is too big/)
  })

  it('does no work for a client that is gone', async () => {
    const refused = await run(await makeAnimation('webp', 2), 'webp', {
      signal: AbortSignal.abort(),
      queue: createImageQueue(),
    })
    expect(isUploadError(refused) && refused.code).toBe('upload_cancelled')
    expect(await readdir(dir)).toEqual(['in'])
  })

  it('stops between stages when the client leaves while its image is decoded', async () => {
    const gone = new AbortController()
    const queue = createImageQueue()
    const input = join(dir, 'in')
    await writeFile(input, await makeAnimation('webp', 3))
    // Given a slot at once, the work reads the image's header when the client leaves.
    const work = processImage(input, join(dir, 'out'), UPLOAD_TYPES.webp, {
      signal: gone.signal,
      queue,
    }).catch((error) => error)
    expect(queue.running()).toBe(1)
    gone.abort()
    const refused = await work
    expect(isUploadError(refused) && refused.code).toBe('upload_cancelled')
    // Stopped before re-encoding: nothing was written.
    expect(await readdir(dir)).toEqual(['in'])
  })
})

describe('POST /api/uploads with an animation', () => {
  let t: UploadTestApp | undefined
  afterEach(async () => {
    await t?.cleanup()
    t = undefined
  })

  it(`answers 422 image_too_complex for more than ${MAX_FRAMES} frames, and stores nothing`, async () => {
    t = await createUploadTestApp()
    const { token } = await t.newVisitor()
    const res = await t.upload(
      token,
      'long.webp',
      'image/webp',
      await makeAnimation('webp', MAX_FRAMES + 1, 4, 4),
    )
    await expectRefusedUpload(t, res, 422, { code: 'image_too_complex' })
  })
  it('does no image work for an upload whose client is gone (the request signal)', async () => {
    t = await createUploadTestApp()
    const { token } = await t.newVisitor()
    const gone = new AbortController()
    gone.abort()
    const res = await t.app.request(
      new Request('http://porthole.test/api/uploads?name=cat.webp', {
        method: 'POST',
        headers: {
          origin: 'https://shop.example',
          authorization: `Bearer ${token}`,
          'content-type': 'image/webp',
        },
        body: Uint8Array.from(await makeAnimation('webp', 2)),
        signal: gone.signal,
      }),
    )
    expect(ErrorBody.parse(await res.json()).error.code).toBe('upload_cancelled')
    expect(await t.filesOnDisk()).toEqual([])
  })
})
