import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Free space where a path lives. Tests pass a fake one (a disk that fills up). */
export type DiskSpace = {
  /** Bytes an unprivileged process may still write on the file system holding `path`. */
  freeBytes(path: string): Promise<number>
}

/**
 * The operating system's figure (statfs: available blocks × block size). A folder not
 * created yet is measured where it will be: its nearest existing parent.
 *
 * @example const free = await systemDiskSpace().freeBytes(config.uploads.dir)
 */
export function systemDiskSpace(): DiskSpace {
  return {
    async freeBytes(path) {
      for (let at = path; ; at = dirname(at)) {
        try {
          const info = await statfs(at)
          return info.bavail * info.bsize
        } catch (error) {
          if (dirname(at) === at) throw error
        }
      }
    },
  }
}
