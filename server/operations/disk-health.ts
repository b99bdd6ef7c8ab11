import type { Config } from '../config/config'
import type { DiskSpace } from '../uploads/disk-space'

export type DiskHealth = {
  /** The least free space of the data folder and the upload folder. */
  freeBytes: number
  floorBytes: number
  /** Below DISK_FREE_FLOOR_MB: uploads answer 507; messages still work. */
  low: boolean
}

/**
 * The disk as /healthz reports it: the free bytes where Porthole writes (PORTHOLE_DATA_DIR,
 * UPLOAD_DIR), against DISK_FREE_FLOOR_MB. Undefined when the system cannot tell.
 */
export async function diskHealth(
  config: Pick<Config, 'dataDir' | 'uploads' | 'diskFreeFloorBytes'>,
  disk: DiskSpace,
): Promise<DiskHealth | undefined> {
  try {
    const [data, uploads] = await Promise.all([
      disk.freeBytes(config.dataDir),
      disk.freeBytes(config.uploads.dir),
    ])
    const freeBytes = Math.min(data, uploads)
    const floorBytes = config.diskFreeFloorBytes
    return { freeBytes, floorBytes, low: freeBytes < floorBytes }
  } catch {
    return undefined
  }
}
