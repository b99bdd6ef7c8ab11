import type { ByteQuota } from './byte-quota'
import type { DiskSpace } from './disk-space'
import { describeBytes } from './receive-to-file'
import { UploadError } from './upload-error'

/** Quota is taken ahead of the bytes in steps this big (one counter call per MiB, not per chunk). */
const STEP = 1024 * 1024

export type UploadLimits = {
  perVisitor: ByteQuota
  perIp: ByteQuota
  /** UPLOAD_QUOTA_MB_PER_VISITOR, UPLOAD_QUOTA_MB_PER_IP and UPLOAD_QUOTA_HOURS, for the messages. */
  quota: { perVisitorBytes: number; perIpBytes: number; windowMs: number }
  disk: DiskSpace
  /** Where bodies are received (the upload folder). */
  dir: string
  /** DISK_FREE_FLOOR_MB in bytes: below it, uploads answer 507. */
  floorBytes: number
}

/** One upload's share of the quotas and the disk. */
export type UploadBudget = {
  /** Called as the body arrives with the bytes so far: takes quota ahead of them and checks the disk; throws UploadError. */
  received(total: number): Promise<void>
  /** Once the upload is over: keeps `storedBytes` counted (0 when it was refused) and gives back the rest. */
  settle(storedBytes: number): Promise<void>
}

/**
 * Opens the budget of one upload: refuses at once (507 `insufficient_storage`) when the
 * upload folder's disk is below the floor, or would be with the declared length, and takes
 * the declared length from the visitor's and the address's quotas (429
 * `upload_quota_exceeded` with Retry-After when either is spent).
 *
 * @example const budget = await openUploadBudget(limits, { visitorId, ip, declaredLength })
 */
export async function openUploadBudget(
  limits: UploadLimits,
  who: { visitorId: string; ip: string; declaredLength: number | undefined },
): Promise<UploadBudget> {
  let reserved = 0

  async function checkDisk(coming: number): Promise<void> {
    const free = await limits.disk.freeBytes(limits.dir)
    if (free - coming >= limits.floorBytes) return
    throw new UploadError(
      'insufficient_storage',
      'The chat cannot take files right now (its server is short of disk space); your messages still go through. Try again later.',
    )
  }

  /** Takes `bytes` from both quotas, or nothing: the error says which is spent. */
  async function tryReserve(bytes: number): Promise<UploadError | undefined> {
    const { quota } = limits
    const visitorWait = await limits.perVisitor.take(who.visitorId, bytes)
    if (visitorWait !== undefined)
      return spent(quota.perVisitorBytes, quota.windowMs, visitorWait, 'You have')
    const ipWait = await limits.perIp.take(who.ip, bytes)
    if (ipWait !== undefined) {
      await limits.perVisitor.giveBack(who.visitorId, bytes)
      return spent(quota.perIpBytes, quota.windowMs, ipWait, 'Your network has')
    }
    reserved += bytes
    return undefined
  }

  async function reserve(bytes: number): Promise<void> {
    const refused = await tryReserve(bytes)
    if (refused) throw refused
  }

  await checkDisk(who.declaredLength ?? 0)
  if (who.declaredLength !== undefined && who.declaredLength > 0) await reserve(who.declaredLength)

  return {
    async received(total) {
      if (total <= reserved) return
      const needed = total - reserved
      const step = Math.ceil(needed / STEP) * STEP
      await checkDisk(step)
      // A whole step ahead, or near the end of the quota just what arrived.
      if ((await tryReserve(step)) === undefined) return
      await reserve(needed)
    },
    async settle(storedBytes) {
      const extra = reserved - storedBytes
      if (extra > 0) {
        await limits.perVisitor.giveBack(who.visitorId, extra)
        await limits.perIp.giveBack(who.ip, extra)
      } else if (extra < 0) {
        // Re-encoding made it bigger: counted, though it is stored already.
        await limits.perVisitor.take(who.visitorId, -extra)
        await limits.perIp.take(who.ip, -extra)
      }
      reserved = storedBytes
    },
  }
}

function spent(limit: number, windowMs: number, retryAfter: number, who: string): UploadError {
  const hours = Math.round(windowMs / 3_600_000)
  return new UploadError(
    'upload_quota_exceeded',
    `${who} sent the most files allowed (${describeBytes(limit)} in ${hours} hour${hours === 1 ? '' : 's'}): try again in ${describeWait(retryAfter)}.`,
    { retryAfter },
  )
}

function describeWait(seconds: number): string {
  if (seconds >= 3600) return `${Math.ceil(seconds / 3600)} h`
  if (seconds >= 60) return `${Math.ceil(seconds / 60)} min`
  return `${seconds} s`
}
