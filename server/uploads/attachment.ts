import type { FileMediaMessage } from '../../shared/protocol/chat-channel'
import { fallbackTextOf, mediaMessageOf } from './file-links'
import type { FileStore } from './file-store'
import { FileId } from './stored-file'

export type Attachment = { message: FileMediaMessage; fallback: string }

/**
 * The A2 media message (and its text fallback) of the visitor's upload `fileId`;
 * undefined when the visitor has no such file (never uploaded, deleted, or another
 * visitor's). Marks the file as sent, so retention keeps it with the conversation.
 */
export async function attachmentOf(
  files: FileStore,
  options: { publicUrl: string; now: () => number },
  visitorId: string,
  fileId: string,
  caption: string | undefined,
): Promise<Attachment | undefined> {
  const id = FileId.safeParse(fileId)
  if (!id.success) return undefined
  const file = await files.get(id.data)
  if (!file || file.visitorId !== visitorId) return undefined
  if (file.attachedAt === undefined) await files.update({ ...file, attachedAt: options.now() })
  return {
    message: mediaMessageOf(options.publicUrl, file, caption),
    fallback: fallbackTextOf(options.publicUrl, file, caption),
  }
}
