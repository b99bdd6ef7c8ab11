import sharp from 'sharp'
import type { UploadType } from './file-types'
import { UploadError } from './upload-error'

/** Decompression-bomb guard: images with more pixels (per frame) are refused. */
export const MAX_IMAGE_PIXELS = 40_000_000
/** Spec 2.4 (and section 8): a thumbnail is 320 px wide. */
export const THUMB_WIDTH = 320

export type ProcessedImage = {
  width: number
  height: number
  /** The thumbnail's bytes, in `thumbType`. */
  thumb: Buffer
  thumbType: 'image/png' | 'image/jpeg' | 'image/webp'
}

// Animated GIF and WebP keep their frames; each has no orientation to apply.
const ANIMATED: ReadonlySet<string> = new Set(['gif', 'webp'])

/** Images decoded at once per process: a 40 MP image takes about 160 MB while it is. */
export const MAX_CONCURRENT_IMAGES = 2
let running = 0
const waiting: (() => void)[] = []

/** How many images are being decoded now (for metrics and tests). */
export function imagesInProgress(): number {
  return running
}

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMAGES) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

/**
 * Re-encodes the image at `input` to `output` in its own format (at most
 * MAX_CONCURRENT_IMAGES at a time; the others wait their turn): orientation applied
 * first, then every metadata block (EXIF with its GPS position, XMP, IPTC, comments)
 * left out, as sharp writes none unless asked. Makes the 320 px thumbnail. Refuses
 * images over MAX_IMAGE_PIXELS before decoding them (422 `image_too_large`) and
 * content that does not decode (422 `invalid_image`).
 */
export function processImage(
  input: string,
  output: string,
  type: UploadType,
): Promise<ProcessedImage> {
  return withImageSlot(() => reencode(input, output, type))
}

async function reencode(input: string, output: string, type: UploadType): Promise<ProcessedImage> {
  const animated = ANIMATED.has(type.name)
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' as const }
  try {
    const meta = await sharp(input, options).metadata()
    const pages = meta.pages ?? 1
    const multiFrame = animated && pages > 1
    let pipeline = sharp(input, options)
    // Orientation is EXIF, dropped below: apply it to the pixels first.
    if (!multiFrame) pipeline = pipeline.rotate()
    const info = await encode(pipeline, type).toFile(output)
    const height = multiFrame ? (meta.pageHeight ?? info.height) : info.height
    const { thumb, thumbType } = await thumbnail(output, type)
    return { width: info.width, height, thumb, thumbType }
  } catch (error) {
    if (error instanceof UploadError) throw error
    const message = error instanceof Error ? error.message : String(error)
    if (/pixel limit/i.test(message)) {
      throw new UploadError(
        'image_too_large',
        `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels: send a smaller one.`,
      )
    }
    throw new UploadError(
      'invalid_image',
      `The image could not be read (${message}): send it again or as another format.`,
    )
  }
}

function encode(pipeline: sharp.Sharp, type: UploadType): sharp.Sharp {
  switch (type.name) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 90 })
    case 'gif':
      return pipeline.gif()
    case 'webp':
      return pipeline.webp({ quality: 90 })
    default:
      return pipeline.png()
  }
}

async function thumbnail(
  image: string,
  type: UploadType,
): Promise<{ thumb: Buffer; thumbType: ProcessedImage['thumbType'] }> {
  // The first frame of an animation; never enlarged beyond the image.
  const pipeline = sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({
    width: THUMB_WIDTH,
    withoutEnlargement: true,
  })
  if (type.name === 'jpeg') {
    return { thumb: await pipeline.jpeg({ quality: 80 }).toBuffer(), thumbType: 'image/jpeg' }
  }
  if (type.name === 'webp') {
    return { thumb: await pipeline.webp({ quality: 80 }).toBuffer(), thumbType: 'image/webp' }
  }
  return { thumb: await pipeline.png().toBuffer(), thumbType: 'image/png' }
}
