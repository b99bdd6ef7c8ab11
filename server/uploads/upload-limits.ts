import type { AppDeps } from '../app-deps'
import { createByteQuota } from './byte-quota'
import { systemDiskSpace } from './disk-space'
import type { UploadLimits } from './upload-budget'

/**
 * The byte quotas (UPLOAD_QUOTA_*) and the disk floor (DISK_FREE_FLOOR_MB) of uploads,
 * made once per app.
 *
 * @example const limits = createUploadLimits(deps)
 */
export function createUploadLimits(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger' | 'diskSpace'>,
): UploadLimits {
  const { config, store, logger } = deps
  const quota = config.uploadQuota
  const byteQuota = (name: string, limitBytes: number) =>
    createByteQuota({ name, limitBytes, windowMs: quota.windowMs, store, logger })
  return {
    perVisitor: byteQuota('upload-bytes-per-visitor', quota.perVisitorBytes),
    perIp: byteQuota('upload-bytes-per-ip', quota.perIpBytes),
    quota,
    disk: deps.diskSpace ?? systemDiskSpace(),
    dir: config.uploads.dir,
    floorBytes: config.diskFreeFloorBytes,
  }
}
