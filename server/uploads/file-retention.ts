import type { FileStore } from './file-store'
import type { StoredFile } from './stored-file'

const DAY = 86_400_000
/** A body still being received is written to at least every few seconds; one untouched this long was left by a crash. */
const INCOMING_STALE_MS = 3_600_000

export type FileRetention = {
  /** RETENTION_FILES_DAYS (RETENTION_DAYS when unset): a file goes this long after it was stored. */
  maxAgeMs: number
  /** An upload no message ever referenced goes after this long (default a day). */
  unsentMs?: number
}

/** True when retention drops `file` at `now`. */
export function isExpired(file: StoredFile, now: number, retention: FileRetention): boolean {
  if (file.createdAt < now - retention.maxAgeMs) return true
  return file.attachedAt === undefined && file.createdAt < now - (retention.unsentMs ?? DAY)
}

/** What a retention pass would delete among the attachments, before it deletes anything. */
export type FilePrunePlan = {
  expired: StoredFile[]
  /** Files stored. */
  total: number
  /** The newest file's createdAt; undefined when there is none. */
  newestAt: number | undefined
}

/** Walks every stored file once: the expired ones (oldest first), the count and the newest time. */
export async function planFilePrune(
  files: FileStore,
  now: number,
  retention: FileRetention,
): Promise<FilePrunePlan> {
  const expired: StoredFile[] = []
  let total = 0
  let newestAt: number | undefined
  for await (const file of files.all()) {
    total += 1
    newestAt = Math.max(newestAt ?? file.createdAt, file.createdAt)
    if (isExpired(file, now, retention)) expired.push(file)
  }
  expired.sort((a, b) => a.createdAt - b.createdAt)
  return { expired, total, newestAt }
}

/** Deletes the planned files, at most `maxDrop` (the oldest first), and stale half-received bodies. */
export async function deletePlanned(
  files: FileStore,
  plan: FilePrunePlan,
  maxDrop = Number.POSITIVE_INFINITY,
): Promise<number> {
  // Wall-clock: the temporary files' times are the file system's.
  await files.dropIncoming(Date.now() - INCOMING_STALE_MS)
  let dropped = 0
  for (const file of plan.expired.slice(0, maxDrop)) {
    await files.delete(file.id)
    dropped += 1
  }
  return dropped
}

/**
 * Deletes the files whose conversation entries retention has dropped (by age, as the
 * store's prune does), uploads never sent in a message, and bodies a crash left
 * half received (untouched for an hour). Returns how many files went. The runtime's
 * passes go through server/retention/ instead (a clock check and a cap per pass).
 *
 * @example const dropped = await pruneFiles(files, Date.now(), { maxAgeMs: config.retention.maxAgeMs })
 */
export async function pruneFiles(
  files: FileStore,
  now: number,
  retention: FileRetention,
): Promise<number> {
  return deletePlanned(files, await planFilePrune(files, now, retention))
}
