import { type ByteQuota, createByteQuota } from '../../uploads/byte-quota'
import { describeBytes } from '../../uploads/receive-to-file'
import type { UploadLimits } from '../../uploads/upload-budget'

/** The window of the e-mail attachment budget (EMAIL_ATTACHMENTS_MB_PER_HOUR). */
export const MAIL_BUDGET_WINDOW_MS = 3_600_000

/**
 * What an e-mail's files may take: the widget's budget of uploads (the visitor's
 * quota, UPLOAD_QUOTA_MB_PER_VISITOR, and the disk floor, DISK_FREE_FLOOR_MB) plus a
 * budget for the attachments of all e-mails together (EMAIL_ATTACHMENTS_MB_PER_HOUR),
 * since anyone holding a reply address can send files without a browser.
 */
export type MailBudget = {
  /** Takes `bytes` for one file: undefined when taken, else why not (for the agents). */
  take(visitorId: string, bytes: number): Promise<string | undefined>
  /** Once the file is stored (`storedBytes`) or refused (0): gives back what it did not use. */
  settle(visitorId: string, takenBytes: number, storedBytes: number): Promise<void>
}

/**
 * @example const budget = createMailBudget(createUploadLimits(deps), { bytesPerHour: 200 * MB, store, logger })
 */
export function createMailBudget(
  limits: UploadLimits,
  options: { bytesPerHour: number } & Omit<
    Parameters<typeof createByteQuota>[0],
    'name' | 'limitBytes' | 'windowMs'
  >,
): MailBudget {
  const { bytesPerHour } = options
  const all: ByteQuota | undefined =
    bytesPerHour > 0
      ? createByteQuota({
          ...options,
          name: 'email-attachment-bytes',
          limitBytes: bytesPerHour,
          windowMs: MAIL_BUDGET_WINDOW_MS,
        })
      : undefined
  const hours = Math.round(limits.quota.windowMs / 3_600_000)
  return {
    async take(visitorId, bytes) {
      if (!all) return 'e-mail attachments are off (EMAIL_ATTACHMENTS_MB_PER_HOUR is 0)'
      const free = await limits.disk.freeBytes(limits.dir)
      if (free - bytes < limits.floorBytes) return 'the server is short of disk space'
      if ((await limits.perVisitor.take(visitorId, bytes)) !== undefined) {
        return `the visitor sent the most files allowed: ${describeBytes(limits.quota.perVisitorBytes)} in ${hours} hour${hours === 1 ? '' : 's'}`
      }
      if ((await all.take('all', bytes)) !== undefined) {
        await limits.perVisitor.giveBack(visitorId, bytes)
        return `e-mails brought the most files allowed: ${describeBytes(bytesPerHour)} an hour`
      }
      return undefined
    },
    async settle(visitorId, takenBytes, storedBytes) {
      if (!all) return
      const extra = takenBytes - storedBytes
      if (extra > 0) {
        await limits.perVisitor.giveBack(visitorId, extra)
        await all.giveBack('all', extra)
      } else if (extra < 0) {
        // Re-encoding made it bigger: counted, though it is stored already.
        await limits.perVisitor.take(visitorId, -extra)
        await all.take('all', -extra)
      }
    },
  }
}
