import { randomUUID } from 'node:crypto'
import { open, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { UploadTypeName } from '../../shared/upload-types'
import { checkClaims, checkContent } from './decide-type'
import { sanitizeFileName } from './file-name'
import type { FileStore } from './file-store'
import type { ImageQueue } from './image-queue'
import { processImage } from './process-image'
import { describeBytes, receiveToFile } from './receive-to-file'
import { isZipHead, sniffType } from './sniff-type'
import { newFileId, type StoredFile } from './stored-file'
import type { UploadBudget } from './upload-budget'
import { UploadError } from './upload-error'
import { readZipEntryNames } from './zip-entries'

export type UploadPolicy = {
  files: FileStore
  maxBytes: number
  allowed: readonly UploadTypeName[]
  now: () => number
  /** The upload's share of the quotas and the disk (openUploadBudget); the caller settles it. */
  budget?: UploadBudget
  /** Where image work waits its turn (default: the process's queue). */
  imageQueue?: ImageQueue
}

export type UploadRequest = {
  visitorId: string
  /** The name the customer's file had (`?name=`). */
  name: string | undefined
  /** The request's Content-Type. */
  declared: string | undefined
  /** The request's Content-Length, when given. */
  declaredLength: number | undefined
  body: AsyncIterable<Uint8Array>
  /** Aborted when the client is gone: image work waiting or running for it stops. */
  signal?: AbortSignal
}

/**
 * Takes one attachment: checks the name and declared type, streams the body to a
 * temporary file within `maxBytes`, finds the real type from the bytes, re-encodes
 * images (metadata out, thumbnail made) and stores the result. Throws UploadError for
 * every refusal; nothing of a refused upload stays on disk.
 *
 * @example const file = await acceptUpload(policy, { visitorId, name: 'cat.png', declared: 'image/png', declaredLength, body })
 */
export async function acceptUpload(
  policy: UploadPolicy,
  request: UploadRequest,
): Promise<StoredFile> {
  const name = sanitizeFileName(request.name ?? '')
  if (name === '') {
    throw new UploadError(
      'invalid_file_name',
      'The file needs a name: send it as the `name` query parameter, e.g. /api/uploads?name=photo.jpg.',
    )
  }
  const type = checkClaims({ fileName: name, declared: request.declared, allowed: policy.allowed })
  if (request.declaredLength !== undefined && request.declaredLength > policy.maxBytes) {
    throw new UploadError(
      'payload_too_large',
      `The file is larger than ${describeBytes(policy.maxBytes)}: send a smaller one.`,
    )
  }
  const incoming = join(await policy.files.incomingDir(), randomUUID())
  const encoded = `${incoming}.out`
  try {
    const received = await receiveToFile(
      request.body,
      incoming,
      policy.maxBytes,
      policy.budget?.received,
    )
    if (received.size === 0) throw new UploadError('empty_file', `"${name}" is empty.`)
    let zipEntries: string[] | undefined
    if (isZipHead(received.head)) {
      const handle = await open(incoming, 'r')
      try {
        zipEntries = await readZipEntryNames(handle, received.size)
      } finally {
        await handle.close()
      }
    }
    checkContent(name, sniffType({ head: received.head, text: received.text, zipEntries }), type)
    const file: StoredFile = {
      id: newFileId(),
      visitorId: request.visitorId,
      name,
      size: received.size,
      type: type.name,
      mime: type.name === 'txt' || type.name === 'csv' ? `${type.mime}; charset=utf-8` : type.mime,
      createdAt: policy.now(),
    }
    if (!type.image) {
      await policy.files.put(file, { path: incoming })
      return file
    }
    const image = await processImage(incoming, encoded, type, {
      owner: request.visitorId,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(policy.imageQueue ? { queue: policy.imageQueue } : {}),
    })
    const stored: StoredFile = {
      ...file,
      size: (await stat(encoded)).size,
      width: image.width,
      height: image.height,
      thumbType: image.thumbType,
    }
    await policy.files.put(stored, { path: encoded, thumb: image.thumb })
    return stored
  } finally {
    await rm(incoming, { force: true })
    await rm(encoded, { force: true })
  }
}

/** A refusal that is not an UploadError is the server's fault (disk full, …). */
export function isRefusal(error: unknown): error is UploadError {
  return error instanceof UploadError
}
