import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { S3Config } from '../config/config'
import type { FileStore, FileVariant } from './file-store'
import { createFolderStore } from './folder-store'
import { createS3Client, type S3Client, type S3ClientOptions } from './s3-client'
import type { S3Object } from './s3-list'
import { conversationKeyOfFile, type FileId, StoredFile } from './stored-file'

const RECORD = 'file.json'
/** Records fetched at once while listing (retention reads every one). */
const PARALLEL_READS = 8

export type S3StoreOptions = Omit<S3Config, 'kind'> & {
  /** A local folder for bodies being received (its `.incoming`); never holds stored files. */
  localDir: string
} & Pick<S3ClientOptions, 'fetch' | 'now' | 'timeoutMs' | 'retries' | 'backoff'>

/**
 * Attachments in an S3-compatible bucket: `<prefix><conversation>/<random>/` holds
 * `content`, `thumb` and `file.json`, the record written last and deleted first (so a
 * file is visible only whole, and a half-deleted one is no longer served). Bodies are
 * received into `<localDir>/.incoming` and streamed from there to the bucket, never
 * held in memory. Objects a crash left without their record go with the stale bodies
 * (dropIncoming). Every instance pointed at the bucket shares the files.
 *
 * @example const files = createS3Store({ endpoint: 'https://s3.eu-west-1.amazonaws.com', region: 'eu-west-1', bucket: 'chat-files', accessKeyId, secretAccessKey, forcePathStyle: false, prefix: '', localDir })
 */
export function createS3Store(options: S3StoreOptions): FileStore {
  const s3: S3Client = createS3Client(options)
  const local = createFolderStore(options.localDir)
  const { prefix } = options
  const folderOf = (id: FileId) => `${prefix}${conversationKeyOfFile(id)}/${id.slice(16)}/`
  const keyOf = (id: FileId, variant: FileVariant) =>
    `${folderOf(id)}${variant === 'file' ? 'content' : 'thumb'}`
  const OWN_KEY = new RegExp(
    `^${escapeRegExp(prefix)}([0-9a-f]{16})/([0-9a-f]{32})/(content|thumb|${escapeRegExp(RECORD)})$`,
  )

  async function readRecord(key: string): Promise<StoredFile | undefined> {
    const bytes = await s3.getBytes(key)
    if (bytes === undefined) return undefined
    try {
      const parsed = StoredFile.safeParse(JSON.parse(bytes.toString('utf8')))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  function writeRecord(file: StoredFile): Promise<void> {
    const bytes = Buffer.from(JSON.stringify(file))
    return s3.put(`${folderOf(file.id)}${RECORD}`, {
      bytes,
      sha256: sha256(bytes),
      type: 'application/json',
    })
  }

  // The records under `under`, read a few at a time, in key order.
  async function* records(under: string): AsyncIterable<StoredFile> {
    let batch: string[] = []
    const flush = async () => {
      const read = await Promise.all(batch.map(readRecord))
      batch = []
      return read.filter((file): file is StoredFile => file !== undefined)
    }
    for await (const object of s3.list(under)) {
      if (OWN_KEY.exec(object.key)?.[3] !== RECORD) continue
      batch.push(object.key)
      if (batch.length >= PARALLEL_READS) yield* await flush()
    }
    yield* await flush()
  }

  // Deletes the objects of one folder when it has no record and all are older than `before`.
  async function dropOrphans(folder: S3Object[], before: number): Promise<number> {
    const orphaned =
      folder.length > 0 &&
      folder.every((object) => !object.key.endsWith(`/${RECORD}`) && object.lastModified < before)
    if (!orphaned) return 0
    await Promise.all(folder.map((object) => s3.delete(object.key)))
    return 1
  }

  return {
    async put(file, content) {
      const folder = folderOf(file.id)
      const { size, sha256: hash } = await hashFile(content.path)
      try {
        await s3.put(`${folder}content`, {
          path: content.path,
          size,
          sha256: hash,
          type: file.mime,
        })
        if (content.thumb) {
          await s3.put(`${folder}thumb`, {
            bytes: Uint8Array.from(content.thumb),
            sha256: sha256(content.thumb),
            type: file.thumbType ?? 'application/octet-stream',
          })
        }
        await writeRecord(file)
      } catch (error) {
        // Without its record nobody would ever see or delete it.
        await Promise.allSettled(
          [RECORD, 'thumb', 'content'].map((name) => s3.delete(`${folder}${name}`)),
        )
        throw error
      }
      // Taken over: the bucket has it now.
      await rm(content.path, { force: true })
    },
    get(id) {
      return readRecord(`${folderOf(id)}${RECORD}`)
    },
    update: writeRecord,
    async open(id, variant) {
      if (!(await readRecord(`${folderOf(id)}${RECORD}`))) return undefined
      return s3.get(keyOf(id, variant))
    },
    async delete(id) {
      const folder = folderOf(id)
      await s3.delete(`${folder}${RECORD}`)
      await Promise.all([s3.delete(`${folder}content`), s3.delete(`${folder}thumb`)])
    },
    async list(visitorId) {
      // Ids carry nothing of their visitor: every record is read (tests and tools only).
      const files: StoredFile[] = []
      for await (const file of records(prefix)) if (file.visitorId === visitorId) files.push(file)
      return files
    },
    all() {
      return records(prefix)
    },
    async dropIncoming(before) {
      let dropped = await local.dropIncoming(before)
      // Listed in key order: a folder's objects come together.
      let folder: S3Object[] = []
      let current = ''
      for await (const object of s3.list(prefix)) {
        const match = OWN_KEY.exec(object.key)
        if (!match) continue
        const name = `${match[1]}/${match[2]}`
        if (name !== current) {
          dropped += await dropOrphans(folder, before)
          folder = []
          current = name
        }
        folder.push(object)
      }
      dropped += await dropOrphans(folder, before)
      return dropped
    },
    incomingDir: () => local.incomingDir(),
  }
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  await pipeline(createReadStream(path), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      size += chunk.byteLength
      hash.update(chunk)
    }
  })
  return { size, sha256: hash.digest('hex') }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
