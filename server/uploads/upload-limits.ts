import type { AppDeps } from '../app-deps'
import { createByteQuota } from './byte-quota'
import { systemDiskSpace } from './disk-space'
import type { UploadLimits } from './upload-budget'

type LimitsDeps = Pick<AppDeps, 'config' | 'store' | 'logger' | 'diskSpace'>

// One set per store and config: the widget's uploads and the files of replies by
// e-mail count against the same quotas (in this process as well as on Redis).
const made = new WeakMap<LimitsDeps['store'], WeakMap<LimitsDeps['config'], UploadLimits>>()

/**
 * The byte quotas (UPLOAD_QUOTA_*) and the disk floor (DISK_FREE_FLOOR_MB) of uploads,
 * made once per app (the same object for every caller with the same store and config).
 *
 * @example const limits = createUploadLimits(deps)
 */
export function createUploadLimits(deps: LimitsDeps): UploadLimits {
  const byConfig = made.get(deps.store) ?? new WeakMap()
  made.set(deps.store, byConfig)
  const existing = byConfig.get(deps.config)
  if (existing) return existing
  const limits = makeUploadLimits(deps)
  byConfig.set(deps.config, limits)
  return limits
}

function makeUploadLimits(deps: LimitsDeps): UploadLimits {
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
