import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { UPLOAD_TYPE_NAMES } from './file-types'

/**
 * A file's id: 16 hex digits naming its conversation (a hash of the visitor id, so
 * the files of one conversation sit together and go together) and 32 random ones
 * (128 bits: the URL cannot be guessed).
 */
export const FileId = z.string().regex(/^[0-9a-f]{48}$/, 'must be the id of an uploaded file')
export type FileId = z.infer<typeof FileId>

/** What is kept about an uploaded file (beside its bytes and thumbnail). */
export const StoredFile = z.object({
  id: FileId,
  visitorId: z.string(),
  /** The sanitised name it is served under. */
  name: z.string().min(1),
  size: z.number().int().positive(),
  type: z.enum(UPLOAD_TYPE_NAMES),
  /** The Content-Type it is served with. */
  mime: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  thumbType: z.string().optional(),
  createdAt: z.number(),
  /** Set when a message first referenced it; a file never sent is dropped after a day. */
  attachedAt: z.number().optional(),
})
export type StoredFile = z.infer<typeof StoredFile>

/** The conversation part of file ids: 16 hex digits of SHA-256(visitor id). */
export function conversationKeyOf(visitorId: string): string {
  return createHash('sha256').update(visitorId).digest('hex').slice(0, 16)
}

/** A new file id in the visitor's conversation. */
export function newFileId(visitorId: string): FileId {
  return `${conversationKeyOf(visitorId)}${randomBytes(16).toString('hex')}`
}

/** The conversation part of a file id. */
export function conversationKeyOfFile(id: FileId): string {
  return id.slice(0, 16)
}
