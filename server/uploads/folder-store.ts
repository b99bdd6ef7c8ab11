import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileContent, FileStore, FileVariant } from './file-store'
import { conversationKeyOfFile, type FileId, StoredFile } from './stored-file'

const RECORD = 'file.json'
const INCOMING = '.incoming'
const CONVERSATION_DIR = /^[0-9a-f]{16}$/

/**
 * Attachments in a folder (UPLOAD_DIR): `<dir>/<first 16 of the id>/<rest>/` holds
 * `content`, `thumb` and `file.json`, the record written last (so a crash mid-way
 * leaves no half file anyone can see). Bodies arrive in `<dir>/.incoming/` and are
 * moved in by rename. Instances that share the folder (NFS, a shared volume) share
 * the files.
 *
 * @example const files = createFolderStore('/var/lib/porthole/uploads')
 */
export function createFolderStore(dir: string): FileStore {
  const folderOf = (id: FileId) => join(dir, conversationKeyOfFile(id), id.slice(16))
  const pathOf = (id: FileId, variant: FileVariant) =>
    join(folderOf(id), variant === 'file' ? 'content' : 'thumb')

  async function readRecord(folder: string): Promise<StoredFile | undefined> {
    try {
      const parsed = StoredFile.safeParse(JSON.parse(await readFile(join(folder, RECORD), 'utf8')))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  async function names(folder: string): Promise<string[]> {
    try {
      return await readdir(folder)
    } catch {
      return []
    }
  }

  async function listKey(key: string): Promise<StoredFile[]> {
    const files: StoredFile[] = []
    for (const random of await names(join(dir, key))) {
      const file = await readRecord(join(dir, key, random))
      if (file) files.push(file)
    }
    return files
  }

  async function* allFiles(): AsyncIterable<StoredFile> {
    for (const key of await names(dir)) {
      if (!CONVERSATION_DIR.test(key)) continue
      yield* await listKey(key)
    }
  }

  return {
    async put(file, content: FileContent) {
      const folder = folderOf(file.id)
      await mkdir(folder, { recursive: true })
      try {
        await rename(content.path, pathOf(file.id, 'file'))
        if (content.thumb) await writeFile(pathOf(file.id, 'thumb'), content.thumb)
        const temp = join(folder, `${RECORD}.tmp`)
        await writeFile(temp, JSON.stringify(file))
        await rename(temp, join(folder, RECORD))
      } catch (error) {
        // Without its record nobody would ever see or delete it.
        await rm(folder, { recursive: true, force: true })
        throw error
      }
    },
    get(id) {
      return readRecord(folderOf(id))
    },
    async update(file) {
      const folder = folderOf(file.id)
      const temp = join(folder, `${RECORD}.tmp`)
      await writeFile(temp, JSON.stringify(file))
      await rename(temp, join(folder, RECORD))
    },
    async open(id, variant) {
      if (!(await readRecord(folderOf(id)))) return undefined
      const path = pathOf(id, variant)
      try {
        const { size } = await stat(path)
        return { stream: createReadStream(path), size }
      } catch {
        return undefined
      }
    },
    async delete(id) {
      // The record first: a file half deleted is no longer served.
      await rm(join(folderOf(id), RECORD), { force: true })
      await rm(folderOf(id), { recursive: true, force: true })
    },
    async list(visitorId) {
      // Ids carry nothing of their visitor: every record is read (tests and tools only).
      const files: StoredFile[] = []
      for await (const file of allFiles()) if (file.visitorId === visitorId) files.push(file)
      return files
    },
    all: allFiles,
    async dropIncoming(before) {
      const incoming = join(dir, INCOMING)
      let dropped = 0
      for (const name of await names(incoming)) {
        const path = join(incoming, name)
        const modified = await stat(path).then(
          (info) => info.mtimeMs,
          () => undefined,
        )
        if (modified === undefined || modified >= before) continue
        await rm(path, { force: true })
        dropped += 1
      }
      return dropped
    },
    async incomingDir() {
      const incoming = join(dir, INCOMING)
      await mkdir(incoming, { recursive: true, mode: 0o700 })
      return incoming
    },
  }
}
