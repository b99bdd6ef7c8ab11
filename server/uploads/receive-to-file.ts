import { open, rm } from 'node:fs/promises'
import { SNIFF_BYTES } from './sniff-type'
import { TextCheck } from './text-check'
import { UploadError } from './upload-error'

export type Received = {
  /** The temporary file holding the body. */
  path: string
  size: number
  /** The first bytes (up to SNIFF_BYTES), for sniffType. */
  head: Uint8Array
  /** The whole body is text (TextCheck). */
  text: boolean
}

/**
 * Writes a request body to `path` chunk by chunk (each write awaited, so a slow disk
 * slows the reader instead of filling memory), counting the bytes: past `maxBytes` it
 * stops reading, deletes the partial file and throws UploadError `payload_too_large`.
 * Any failure leaves no file behind.
 */
export async function receiveToFile(
  source: AsyncIterable<Uint8Array>,
  path: string,
  maxBytes: number,
  /** Told the bytes so far before each chunk is written; may throw (a quota, the disk) to stop. */
  onProgress?: (size: number) => Promise<void>,
): Promise<Received> {
  const file = await open(path, 'wx', 0o600)
  const head = new Uint8Array(SNIFF_BYTES)
  const textCheck = new TextCheck()
  let headLength = 0
  let size = 0
  let done = false
  try {
    // Iterated by hand: leaving a for-await early would destroy the request's socket
    // before the 413 is written.
    const chunks = source[Symbol.asyncIterator]()
    for (;;) {
      const { value, done: ended } = await chunks.next()
      if (ended) break
      size += value.byteLength
      if (size > maxBytes) {
        throw new UploadError(
          'payload_too_large',
          `The file is larger than ${describeBytes(maxBytes)}: send a smaller one.`,
        )
      }
      if (headLength < SNIFF_BYTES) {
        const take = value.subarray(0, SNIFF_BYTES - headLength)
        head.set(take, headLength)
        headLength += take.byteLength
      }
      if (onProgress) await onProgress(size)
      textCheck.push(value)
      await file.write(value)
    }
    done = true
  } finally {
    await file.close()
    if (!done) await rm(path, { force: true })
  }
  return { path, size, head: head.slice(0, headLength), text: textCheck.end() }
}

/** "10 MB", "512 KB", "12 bytes" (1 MB = 1024 × 1024 bytes). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024))} MB`
  if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KB`
  return `${bytes} byte${bytes === 1 ? '' : 's'}`
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}
