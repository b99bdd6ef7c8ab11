import type { FileStore } from './file-store'
import type { StoredFile } from './stored-file'

const DAY = 86_400_000
/** A body still being received is written to at least every few seconds; one untouched this long was left by a crash. */
const INCOMING_STALE_MS = 3_600_000

export type FileRetention = {
  /** RETENTION_DAYS: a file goes when the conversation entries of its time go. */
  maxAgeMs: number
  /** An upload no message ever referenced goes after this long (default a day). */
  unsentMs?: number
}

/** True when retention drops `file` at `now`. */
export function isExpired(file: StoredFile, now: number, retention: FileRetention): boolean {
  if (file.createdAt < now - retention.maxAgeMs) return true
  return file.attachedAt === undefined && file.createdAt < now - (retention.unsentMs ?? DAY)
}

/**
 * Deletes the files whose conversation entries retention has dropped (by age, as the
 * store's prune does), uploads never sent in a message, and bodies a crash left
 * half received (untouched for an hour). Returns how many files went.
 *
 * @example const dropped = await pruneFiles(files, Date.now(), { maxAgeMs: config.retention.maxAgeMs })
 */
export async function pruneFiles(
  files: FileStore,
  now: number,
  retention: FileRetention,
): Promise<number> {
  let dropped = 0
  // Wall-clock: the temporary files' times are the file system's.
  await files.dropIncoming(Date.now() - INCOMING_STALE_MS)
  for await (const file of files.all()) {
    if (!isExpired(file, now, retention)) continue
    await files.delete(file.id)
    dropped += 1
  }
  return dropped
}
