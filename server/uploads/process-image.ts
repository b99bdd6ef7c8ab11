import sharp from 'sharp'
import type { UploadType } from './file-types'
import { cancelled, createImageQueue, type ImageQueue } from './image-queue'
import { UploadError } from './upload-error'

/** Decompression-bomb guard: images with more pixels (per frame) are refused. */
export const MAX_IMAGE_PIXELS = 40_000_000
/** An animation with more frames is refused before it is decoded. */
export const MAX_FRAMES = 100
/** An animation with more pixels in all (width × height × frames) is refused before it is decoded. */
export const MAX_ANIMATION_PIXELS = 25_000_000
/** Each pass of sharp over an image (re-encoding, thumbnail) is stopped after this long. */
export const IMAGE_TIMEOUT_SECONDS = 10
/** Spec 2.4 (and section 8): a thumbnail is 320 px wide. */
export const THUMB_WIDTH = 320

// Animated GIF and WebP keep their frames; each has no orientation to apply.
const ANIMATED: ReadonlySet<string> = new Set(['gif', 'webp'])

export type ProcessedImage = {
  width: number
  height: number
  /** The thumbnail's bytes, in `thumbType`. */
  thumb: Buffer
  thumbType: 'image/png' | 'image/jpeg' | 'image/webp'
}

/** Per-image bounds (tests make them small). */
export type ImageLimits = {
  maxPixels: number
  maxFrames: number
  maxAnimationPixels: number
  timeoutSeconds: number
}

const DEFAULT_LIMITS: ImageLimits = {
  maxPixels: MAX_IMAGE_PIXELS,
  maxFrames: MAX_FRAMES,
  maxAnimationPixels: MAX_ANIMATION_PIXELS,
  timeoutSeconds: IMAGE_TIMEOUT_SECONDS,
}

export { MAX_CONCURRENT_IMAGES } from './image-queue'

// One queue per process: the memory and the cores are the process's.
const sharedQueue = createImageQueue()

/** How many images are being decoded now (for metrics and tests). */
export function imagesInProgress(): number {
  return sharedQueue.running()
}

export type ImageWork = {
  /** Whose image (the visitor id): the queue is fair between owners. */
  owner?: string
  /** The upload's request signal: aborted when its client is gone. */
  signal?: AbortSignal
  queue?: ImageQueue
  limits?: Partial<ImageLimits>
}

/**
 * Re-encodes the image at `input` to `output` in its own format, in a fair queue
 * (MAX_CONCURRENT_IMAGES at a time, the visitors with the fewest images in work first,
 * at most MAX_IMAGES_PER_VISITOR each: 429 `images_busy`): orientation applied
 * first, then every metadata block (EXIF with its GPS position, XMP, IPTC, comments)
 * left out, as sharp writes none unless asked. Makes the 320 px thumbnail. Refuses,
 * before decoding, images over MAX_IMAGE_PIXELS a frame (422 `image_too_large`) and
 * animations over MAX_FRAMES or MAX_ANIMATION_PIXELS (422 `image_too_complex`); stops
 * a pass over IMAGE_TIMEOUT_SECONDS (422 `image_too_complex`); refuses content that
 * does not decode (422 `invalid_image`). When the client is gone (`signal`), the image
 * leaves the queue, or the work stops at its next stage (`upload_cancelled`).
 */
export function processImage(
  input: string,
  output: string,
  type: UploadType,
  work: ImageWork = {},
): Promise<ProcessedImage> {
  const limits = { ...DEFAULT_LIMITS, ...work.limits }
  const queue = work.queue ?? sharedQueue
  return queue.run(
    work.owner ?? '',
    () => reencode(input, output, type, limits, work.signal),
    work.signal,
  )
}

function stopIfGone(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled()
}

async function reencode(
  input: string,
  output: string,
  type: UploadType,
  limits: ImageLimits,
  signal: AbortSignal | undefined,
): Promise<ProcessedImage> {
  const animated = ANIMATED.has(type.name)
  const options = { limitInputPixels: limits.maxPixels, animated, failOn: 'error' as const }
  try {
    const meta = await sharp(input, options).metadata()
    const pages = meta.pages ?? 1
    const multiFrame = animated && pages > 1
    if (multiFrame) checkAnimation(meta, pages, limits)
    stopIfGone(signal)
    let pipeline = sharp(input, options).timeout({ seconds: limits.timeoutSeconds })
    // Orientation is EXIF, dropped below: apply it to the pixels first.
    if (!multiFrame) pipeline = pipeline.rotate()
    const info = await encode(pipeline, type).toFile(output)
    const height = multiFrame ? (meta.pageHeight ?? info.height) : info.height
    stopIfGone(signal)
    const { thumb, thumbType } = await thumbnail(output, type, limits)
    return { width: info.width, height, thumb, thumbType }
  } catch (error) {
    if (error instanceof UploadError) throw error
    const message = error instanceof Error ? error.message : String(error)
    if (/pixel limit/i.test(message)) {
      throw new UploadError(
        'image_too_large',
        `The image has more than ${limits.maxPixels / 1_000_000} million pixels: send a smaller one.`,
      )
    }
    if (/timeout/i.test(message)) {
      throw new UploadError(
        'image_too_complex',
        `The image takes too long to process (over ${limits.timeoutSeconds} s): send a smaller one, or a still image.`,
      )
    }
    throw new UploadError(
      'invalid_image',
      `The image could not be read (${message}): send it again or as another format.`,
    )
  }
}

function checkAnimation(meta: sharp.Metadata, pages: number, limits: ImageLimits): void {
  if (pages > limits.maxFrames) {
    throw new UploadError(
      'image_too_complex',
      `The animation has ${pages} frames, more than ${limits.maxFrames}: send a shorter one, a video, or a still image.`,
    )
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages
  if (pixels > limits.maxAnimationPixels) {
    throw new UploadError(
      'image_too_complex',
      `The animation is too big (${Math.ceil(pixels / 1_000_000)} million pixels in all its frames, more than ${limits.maxAnimationPixels / 1_000_000}): send a smaller or shorter one, a video, or a still image.`,
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
  limits: ImageLimits,
): Promise<{ thumb: Buffer; thumbType: ProcessedImage['thumbType'] }> {
  // The first frame of an animation; never enlarged beyond the image.
  const pipeline = sharp(image, { limitInputPixels: limits.maxPixels })
    .timeout({ seconds: limits.timeoutSeconds })
    .resize({
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
