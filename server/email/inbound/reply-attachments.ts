import type { Logger } from '../../logging/logger'
import { acceptUpload, type UploadPolicy } from '../../uploads/accept-upload'
import { type Attachment, attachmentOf } from '../../uploads/attachment'
import { sanitizeFileName } from '../../uploads/file-name'
import type { FileStore } from '../../uploads/file-store'
import { UPLOAD_TYPES } from '../../uploads/file-types'
import type { FileId } from '../../uploads/stored-file'
import { isUploadError } from '../../uploads/upload-error'
import type { MailBudget } from './mail-budget'
import type { MailAttachment } from './parse-reply'

/** At most this many files of one e-mail become messages; the rest are counted in one note. */
export const MAX_MAIL_ATTACHMENTS = 10
/**
 * Images the HTML shows through `cid:` below this size are a signature's logo or an
 * icon, not something the visitor sends (Outlook adds them to every message).
 */
export const SIGNATURE_IMAGE_BYTES = 16 * 1024

export type StoredAttachments = {
  /** Each accepted file as the A2 media message (and text fallback) the widget's would be. */
  attachments: Attachment[]
  /** The stored file of each attachment (same order) and the bytes its budget holds. */
  files: { id: FileId; bytes: number }[]
  /** One line per file not taken, for the agents (`(Attachment "name": … (reason))`), and one for the files beyond the limit. */
  notes: string[]
}

/** The files of an e-mail to store, and how many more it carried. */
export type WantedAttachments = { taken: readonly MailAttachment[]; left: number }

/**
 * The attachments of an e-mail that are the visitor's files (not a signature's small
 * `cid:` images), the first MAX_MAIL_ATTACHMENTS of them, and how many more there were.
 */
export function wantedAttachments(parts: readonly MailAttachment[]): WantedAttachments {
  const wanted = parts.filter(
    (part) => !(part.related && part.content.byteLength < SIGNATURE_IMAGE_BYTES),
  )
  return {
    taken: wanted.slice(0, MAX_MAIL_ATTACHMENTS),
    left: Math.max(0, wanted.length - MAX_MAIL_ATTACHMENTS),
  }
}

/**
 * Stores an e-mail's attachments as the visitor's uploads, through the widget's own
 * checks (UPLOAD_TYPES, UPLOAD_MAX_MB, type sniffing, image re-encoding) and within
 * `budget` (the visitor's upload quota, the disk floor, the e-mail attachment budget),
 * and returns them as attachments of the visitor's messages. A refused file does not
 * stop the others: it becomes a note, so the agents know something did not come
 * through; the files beyond MAX_MAIL_ATTACHMENTS become one note. Errors other than
 * refusals (disk full, the bucket down) are thrown: a retry may work.
 */
export async function storeReplyAttachments(
  policy: UploadPolicy & { files: FileStore; publicUrl: string; mailBudget?: MailBudget },
  visitorId: string,
  files: WantedAttachments,
  logger: Pick<Logger, 'info'>,
): Promise<StoredAttachments> {
  const attachments: Attachment[] = []
  const stored: StoredAttachments['files'] = []
  const notes: string[] = []
  for (const [index, part] of files.taken.entries()) {
    const name = sanitizeFileName(part.name ?? '') || defaultName(part.contentType, index)
    const size = part.content.byteLength
    const refused = await policy.mailBudget?.take(visitorId, size)
    if (refused !== undefined) {
      logger.info('e-mail attachment not taken', { reason: refused, size })
      notes.push(`(Attachment "${name}": not taken (${refused}))`)
      continue
    }
    let storedBytes = 0
    try {
      const file = await acceptUpload(policy, {
        visitorId,
        name,
        declared: part.contentType,
        declaredLength: size,
        body: once(part.content),
      })
      storedBytes = file.size
      const attachment = await attachmentOf(
        policy.files,
        { publicUrl: policy.publicUrl, now: policy.now },
        visitorId,
        file.id,
        undefined,
      )
      if (attachment) {
        attachments.push(attachment)
        stored.push({ id: file.id, bytes: file.size })
      }
    } catch (error) {
      if (!isUploadError(error)) throw error
      logger.info('e-mail attachment refused', { code: error.code, reason: error.message })
      notes.push(`(Attachment "${name}": not delivered (${error.message}))`)
    } finally {
      await policy.mailBudget?.settle(visitorId, size, storedBytes)
    }
  }
  if (files.left > 0) {
    notes.push(
      `(${files.left} more ${files.left === 1 ? 'attachment' : 'attachments'} not taken: at most ${MAX_MAIL_ATTACHMENTS} files are taken from one e-mail)`,
    )
  }
  return { attachments, files: stored, notes }
}

/**
 * Deletes files stored for an attempt that did not hand them to the outbox (the store
 * failed, or another request is taking the same e-mail) and gives their bytes back to
 * the budget: the mail service posts the e-mail again, and the files are stored then.
 */
export async function dropReplyAttachments(
  policy: { files: FileStore; mailBudget?: MailBudget },
  visitorId: string,
  files: StoredAttachments['files'],
): Promise<void> {
  for (const file of files) {
    await policy.files.delete(file.id)
    await policy.mailBudget?.settle(visitorId, file.bytes, 0)
  }
}

/** A name for a part that has none, from its type: `image-1.jpg`, `attachment-2`. */
function defaultName(contentType: string, index: number): string {
  const type = Object.values(UPLOAD_TYPES).find(
    (candidate) => candidate.mime === contentType || candidate.aliases.includes(contentType),
  )
  const stem = contentType.startsWith('image/') ? 'image' : 'attachment'
  const extension = type?.extensions[0]
  return extension ? `${stem}-${index + 1}.${extension}` : `${stem}-${index + 1}`
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes
}
