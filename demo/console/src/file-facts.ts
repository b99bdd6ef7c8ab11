import type { FileFacts } from './media-form'

/** A media element's size and length, read from the file's metadata (undefined where it has none). */
function mediaFacts(
  file: File,
  tag: 'video' | 'audio',
): Promise<Pick<FileFacts, 'width' | 'height' | 'duration'>> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const media = document.createElement(tag)
    const done = (facts: Pick<FileFacts, 'width' | 'height' | 'duration'>) => {
      URL.revokeObjectURL(url)
      resolve(facts)
    }
    media.preload = 'metadata'
    media.onloadedmetadata = () =>
      done({
        duration: media.duration,
        ...(media instanceof HTMLVideoElement
          ? { width: media.videoWidth || undefined, height: media.videoHeight || undefined }
          : {}),
      })
    // A file the browser cannot play still gives its name and size.
    media.onerror = () => done({})
    media.src = url
  })
}

/** An image's pixel size, or nothing where the browser cannot decode it. */
async function imageFacts(file: File): Promise<Pick<FileFacts, 'width' | 'height'>> {
  if (typeof createImageBitmap !== 'function') return {}
  try {
    const bitmap = await createImageBitmap(file)
    const facts = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return facts
  } catch {
    return {}
  }
}

/**
 * What the media form fills from a file the agent chose: its name and size, an image's
 * or a video's pixel size, a video's or a sound's length. Never fails: what the browser
 * cannot read is left for the agent to type.
 */
export async function readFileFacts(file: File): Promise<FileFacts> {
  const base = { name: file.name, size: file.size }
  if (file.type.startsWith('image/')) return { ...base, ...(await imageFacts(file)) }
  if (file.type.startsWith('video/')) return { ...base, ...(await mediaFacts(file, 'video')) }
  if (file.type.startsWith('audio/')) return { ...base, ...(await mediaFacts(file, 'audio')) }
  return base
}
