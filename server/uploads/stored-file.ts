import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { UPLOAD_TYPE_NAMES } from '../../shared/upload-types'

/**
 * A file's id, its URL's first segment: 48 random hex digits (192 bits), of which the
 * first 16 name its folder in the store. It says nothing about its owner. Files stored
 * before had SHA-256(visitor id) as those 16 digits (a guessable user id could be
 * recovered from it); their ids still work, as stored conversation entries carry them,
 * until retention removes them.
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

/** The folder part of ids of the old scheme: 16 hex digits of SHA-256(visitor id). Never made any more. */
export function legacyConversationKeyOf(visitorId: string): string {
  return createHash('sha256').update(visitorId).digest('hex').slice(0, 16)
}

/** A new file id: random, with nothing of the visitor in it (the record names the visitor). */
export function newFileId(): FileId {
  return randomBytes(24).toString('hex')
}

/** The folder part of a file id. */
export function conversationKeyOfFile(id: FileId): string {
  return id.slice(0, 16)
}
