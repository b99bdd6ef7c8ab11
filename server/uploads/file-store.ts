import type { Readable } from 'node:stream'
import type { FileId, StoredFile } from './stored-file'

/** The bytes of a file or of its thumbnail. */
export type FileVariant = 'file' | 'thumb'

export type FileContent = {
  /** A local file holding the bytes; the store takes it over (moves or uploads it). */
  path: string
  thumb?: Buffer
}

/**
 * Where attachments live. The folder store (UPLOAD_DIR) is the default; an
 * S3-compatible store implements the same five calls. Several instances share one
 * store (a shared folder, or the bucket).
 *
 * @example await files.put(stored, { path: tempPath, thumb })
 */
export interface FileStore {
  /** Stores the bytes, then the record: a file is visible (get/open) only once complete. */
  put(file: StoredFile, content: FileContent): Promise<void>
  /** The record, or undefined when there is none (never stored, or deleted). */
  get(id: FileId): Promise<StoredFile | undefined>
  /** Replaces the record of a stored file (e.g. attachedAt). */
  update(file: StoredFile): Promise<void>
  /** The bytes, or undefined when absent. */
  open(id: FileId, variant: FileVariant): Promise<{ stream: Readable; size: number } | undefined>
  /** Deletes a file with its thumbnail and record; no error when absent. */
  delete(id: FileId): Promise<void>
  /** The files of one conversation (by visitor id); reads every record (tests and tools). */
  list(visitorId: string): Promise<StoredFile[]>
  /** Every stored file, conversation by conversation (retention). */
  all(): AsyncIterable<StoredFile>
  /** A local folder for bodies being received (same file system as the store's, when a folder). */
  incomingDir(): Promise<string>
  /** Deletes bodies in incomingDir last written before `before` (left by a crash mid-upload); returns how many. */
  dropIncoming(before: number): Promise<number>
}
